import DaybookCore
import DaybookDataFolder
import DaybookMedia
import DaybookStore
import Foundation
import Hummingbird
import Logging

/// Why the server would not start.
public enum StartupError: Error, CustomStringConvertible {
    case passphraseRequired(host: String)
    case passphraseRequiredBehindProxy(publicURL: String)
    case resourcesMissing(String)
    case database(String)
    /// The data folder's database was migrated by a newer Daybook, or its upgrade stopped.
    case upgrade(UpgradeProblem)

    public var description: String {
        switch self {
        case .passphraseRequired(let host):
            """
            Daybook will not listen on \(host) without a lock: anyone who can reach this address could read your journal.
            Set an owner passphrase first:  daybook passphrase set
            (or listen on this computer only: --host 127.0.0.1)
            """
        case .passphraseRequiredBehindProxy(let publicURL):
            """
            Daybook will not answer at \(publicURL) without a lock: everyone the proxy serves could read your journal.
            Set an owner passphrase first:  daybook passphrase set
            """
        case .resourcesMissing(let what): "Daybook's resource files are missing (\(what)). Reinstall Daybook."
        case .database(let reason): "The database could not be opened: \(reason)"
        case .upgrade(let problem): problem.description
        }
    }
}

/// The resources shipped in this module.
public enum WebResources {
    public static var templates: URL? { Bundle.module.url(forResource: "Templates", withExtension: nil) }
    public static var publicFiles: URL? { Bundle.module.url(forResource: "Public", withExtension: nil) }
}

/// Builds the real services for `configuration`: the data folder's database (opened in the background on
/// loopback, so "finishing setup" shows meanwhile), the system clock, scrypt and the bundled catalogs.
public func makeServices(
    configuration: AppConfiguration, clock: any DaybookClock = SystemClock(),
    hasher: any PassphraseHasher = ScryptPassphraseHasher()
) async throws -> AppServices {
    guard let templates = WebResources.templates, let publicFiles = WebResources.publicFiles else {
        throw StartupError.resourcesMissing(Bundle.module.bundlePath)
    }
    let assets = try StaticAssets(folder: publicFiles)
    let renderer = try PageRenderer(templates: templates, assetVersion: assets.version)
    let gate = DatabaseGate()
    if let folder = configuration.dataFolder {
        // A database a newer Daybook migrated is refused before anything listens, and nothing is written to it.
        let status: SchemaStatus
        do { status = try AppDatabase.schemaStatus(ofFile: folder.appendingPathComponent(AppDatabase.fileName)) } catch
        {
            throw StartupError.database(String(describing: error))
        }
        if status.isSuperseded {
            throw StartupError.upgrade(.newerDatabase(version: status.openedBy, migrations: status.unknown))
        }
    }
    let open: @Sendable () throws -> AppDatabase = {
        guard let folder = configuration.dataFolder else { return try AppDatabase.inMemory() }
        let (database, copy) = try AppDatabase.upgrade(folder: folder, now: clock.now())
        if let copy {
            let migrations = (try? database.appliedMigrations().last) ?? nil
            FileHandle.standardError.write(
                Data(
                    ("Daybook \(BuildInfo.version) upgraded the database to \(migrations ?? "the latest schema"). "
                        + "The copy taken before is \(copy.path); Settings → Backups says how to go back.\n").utf8))
        }
        return database
    }
    if !configuration.requiresLogin {
        gate.open(open)
    } else {
        // Exposed: the lock must be checked before anything listens.
        let database: AppDatabase
        do { database = try open() } catch let problem as UpgradeProblem {
            throw StartupError.upgrade(problem)
        } catch { throw StartupError.database(String(describing: error)) }
        guard try await database.passphraseHash() != nil else {
            if let publicURL = configuration.publicURL {
                throw StartupError.passphraseRequiredBehindProxy(publicURL: publicURL.text)
            }
            throw StartupError.passphraseRequired(host: configuration.host)
        }
        gate.finish(.ready(database))
    }
    let dataFolder =
        configuration.dataFolder
        ?? FileManager.default.temporaryDirectory.appendingPathComponent(
            "daybook-\(ProcessInfo.processInfo.processIdentifier)")
    let soundFolder = dataFolder.appendingPathComponent("cache/sounds")
    let sounds = AmbientSoundLibrary(directory: soundFolder)
    return AppServices(
        configuration: configuration, gate: gate, clock: clock, catalog: .bundled, secrets: SystemSecretMaker(),
        hasher: hasher, renderer: renderer, assets: assets, throttle: LoginThrottle(clock: clock), sounds: sounds,
        photos: PhotoServices(dataFolder: dataFolder, processor: VipsPhotoProcessor(), ids: PhotoIDGenerator()))
}

/// The router with every scene's routes behind the shared middleware.
///
/// A method a known path does not take is answered 405 with `Allow` before anything reads the request; API
/// requests are then held to the OpenAPI document (`ContractMiddleware`) before their route sees them.
public func buildRouter(services: AppServices) -> Router<DaybookRequestContext> {
    // The same routes registered once more on a router that is never built tell which methods each path takes.
    let probe = Router(context: DaybookRequestContext.self)
    registerRoutes(on: probe, services: services)
    let methods = RouteMethods(probe.routes.map { ($0.path.description, $0.method) })

    let router = Router(context: DaybookRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ClientAddressMiddleware(proxies: services.configuration.trustedProxies))
    router.add(middleware: ResponseGuardMiddleware(services: services))
    if services.configuration.checksHost {
        router.add(middleware: HostCheckMiddleware(configuration: services.configuration))
    }
    router.add(middleware: QueryCheckMiddleware())
    router.add(middleware: ReadinessMiddleware(services: services))
    router.add(middleware: AccessMiddleware(services: services))
    router.add(middleware: MethodCheckMiddleware(routes: methods))
    router.add(middleware: CSRFMiddleware(services: services))
    router.add(
        middleware: ContractMiddleware(services: services) { [assets = services.assets] in bundledContract(assets) })
    router.add(middleware: MadeAtMiddleware(services: services))
    router.add(middleware: IdempotencyMiddleware(services: services))
    registerRoutes(on: router, services: services)
    return router
}

private func registerRoutes(on router: Router<DaybookRequestContext>, services: AppServices) {
    // The app's pages: until onboarding is done, each leads there.
    let pages = router.group().add(middleware: OnboardingMiddleware(services: services))
    AssetRoutes(services: services).register(on: router)
    LoginRoutes(services: services).register(on: router)
    PairRoutes(services: services).register(on: router)
    OnboardingRoutes(services: services).register(on: router)
    TodayRoutes(services: services).register(on: router, pages: pages)
    TimelineRoutes(services: services).register(on: router, pages: pages)
    SettingsRoutes(services: services).register(on: router, pages: pages)
    DevicesRoutes(services: services).register(on: router)
    PrivacyRoutes(services: services).register(on: router)
    MoreRoutes(services: services).register(pages: pages)
    SettingsAPIRoutes(services: services).register(on: router)
    FocusRoutes(services: services).register(pages: pages)
    SoundRoutes(services: services).register(on: router)
    FocusAPIRoutes(services: services).register(on: router)
    TaskAPIRoutes(services: services).register(on: router)
    ShortcutRoutes(services: services).register(on: router)
    PhoneRoutes(services: services).register(on: router)
    EventRoutes(services: services).register(on: router)
    StatsRoutes(services: services).register(on: router, pages: pages)
    JournalRoutes(services: services).register(on: router, pages: pages)
    TrackerRoutes(services: services).register(on: router, pages: pages)
    TrackerAPIRoutes(services: services).register(on: router)
    // Before the widgets' `/widgets/{name}`, which it would otherwise look like.
    ScriptableRoutes(services: services).register(on: router)
    WidgetRoutes(services: services).register(on: router)
    JournalAPIRoutes(services: services).register(on: router)
    CalendarRoutes(services: services).register(pages: pages)
    MapRoutes(services: services).register(on: router, pages: pages)
    MapAPIRoutes(services: services).register(on: router)
    ConnectionsRoutes(services: services).register(on: router, pages: pages)
    BackupRoutes(services: services).register(on: router, pages: pages)
    FeedRoutes(services: services).register(on: router)
    ImportRoutes(services: services).register(on: router)
    ReminderRoutes(services: services).register(on: router, pages: pages)
    LogRoutes(services: services).register(on: router, pages: pages)
    RenderAPIRoutes(services: services).register(on: router)
    ExportRoutes(services: services).register(on: router)
    PhotoRoutes(services: services).register(on: router)
    ChangesAPIRoutes(services: services).register(on: router)
}

/// The API's OpenAPI document, served at `/api/v1/openapi.json`, as the contract requests are held to.
private func bundledContract(_ assets: StaticAssets) -> APIContract {
    guard let document = assets.asset(at: "/openapi.json") else {
        preconditionFailure("the resource bundle has no openapi.json")
    }
    do {
        return try APIContract(document: Data(document.body.readableBytesView))
    } catch {
        preconditionFailure("the bundled openapi.json cannot be read: \(error)")
    }
}

/// The whole server for `configuration`.
public func buildApplication(
    configuration: AppConfiguration, services: AppServices, logger: Logger,
    onServerRunning: @escaping @Sendable () async -> Void = {}
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(services: services),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: [
            FocusWatcher(services: services), WeatherWatcher(services: services), ReminderWatcher(services: services),
            BackupWatcher(services: services), MaintenanceWatcher(services: services, logger: logger),
        ],
        onServerRunning: { _ in await onServerRunning() },
        logger: logger)
}
