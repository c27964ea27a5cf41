import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookMedia
import DaybookStore
import Foundation
import Hummingbird

/// Everything the routes and middleware depend on, handed in once.
public struct AppServices: Sendable {
    public var configuration: AppConfiguration
    public var gate: DatabaseGate
    public var clock: any DaybookClock
    public var catalog: StringCatalog
    public var secrets: any SecretMaker
    public var hasher: any PassphraseHasher
    public var renderer: PageRenderer
    public var assets: StaticAssets
    public var throttle: LoginThrottle
    /// Slows down guessing pairing links, apart from passphrase guesses.
    public var pairingThrottle: LoginThrottle
    public var events: EventBus
    /// Ambient loops, made once and kept in the data folder's cache.
    public var sounds: AmbientSoundLibrary
    public var ids: any IDGenerator
    /// Renders what people write in Markdown (reflections, entries, the editor's preview).
    public var markdown: any MarkdownRendering
    public var photos: PhotoServices
    /// Names the places of entries with no network: the bundled gazetteer. The editor may first ask a geocoder
    /// the owner turned on (see `ConnectedPlaceNaming`); a save never does.
    public var places: any PlaceNaming = BundledGazetteer()
    /// Weather for entries with a place, asked only when the owner turned it on.
    public var weatherProvider: any WeatherProvider = OpenMeteo()
    /// Deleted tasks that can still be put back.
    public var undo = UndoStash()
    /// The owner's theme, derived once per accent and appearance.
    var themes = ThemeCache()
    /// The page shell, encoded once per language, appearance, title and place.
    let shells = ShellCache()
    /// Coastlines and borders for the small maps on entry pages, read on first use.
    let basemaps = BasemapCache()
    /// The services outside this machine the owner turned on.
    let connections = ConnectionsCache()
    /// The latest reminders, for open pages.
    let reminderFeed = ReminderFeed()
    /// This server's Web Push (VAPID) key.
    let pushKeys: PushKeyStore
    /// How long each push service has to answer before a reminder goes on without it.
    var pushTimeout = WebPush.timeout
    /// Encrypted backups of the data folder, one at a time.
    var backups: BackupRunner
    /// Pages and API answers kept until the data, the day, the language (or the minute) changes.
    var pages = PageCache<PageRenderer.EncodedPage>()
    var answers = PageCache<ByteBuffer>()

    public init(
        configuration: AppConfiguration, gate: DatabaseGate, clock: any DaybookClock, catalog: StringCatalog,
        secrets: any SecretMaker, hasher: any PassphraseHasher, renderer: PageRenderer, assets: StaticAssets,
        throttle: LoginThrottle, events: EventBus = EventBus(), sounds: AmbientSoundLibrary,
        ids: any IDGenerator = UUIDGenerator(), markdown: (any MarkdownRendering)? = nil,
        photos: PhotoServices, pairingThrottle: LoginThrottle? = nil
    ) {
        self.configuration = configuration
        self.gate = gate
        self.clock = clock
        self.catalog = catalog
        self.secrets = secrets
        self.hasher = hasher
        self.renderer = renderer
        self.assets = assets
        self.throttle = throttle
        self.pairingThrottle = pairingThrottle ?? LoginThrottle(clock: clock)
        self.events = events
        self.sounds = sounds
        self.ids = ids
        self.markdown = markdown ?? CMarkRenderer(catalog: catalog)
        self.photos = photos
        pushKeys = PushKeyStore(dataFolder: configuration.dataFolder)
        // The data folder holds `photos/`, whether or not the server was given one.
        backups = BackupRunner(dataFolder: photos.folder.deletingLastPathComponent())
    }

    /// A cookie of this site's own: sent only with its own requests, never readable by scripts, and only over HTTPS
    /// when the server is reached at a public https address.
    /// A cookie's name as this server sets and reads it: under an https public URL with the `__Host-` prefix, which
    /// browsers accept only from a secure origin with `Path=/` and no `Domain`, so no other name under the same
    /// domain can set or shadow it.
    func cookieName(_ name: String) -> String {
        configuration.publicURL != nil ? "__Host-" + name : name
    }

    /// The login session cookie's name.
    var sessionCookieName: String { cookieName(AccessMiddleware.sessionCookie) }

    /// The form token cookie's name.
    var formCookieName: String { cookieName(CSRFMiddleware.cookieName) }

    func cookie(_ name: String, _ value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(
            name: name, value: value, maxAge: maxAge, path: "/", secure: configuration.publicURL != nil,
            httpOnly: true, sameSite: .strict)
    }

    /// Pages need a login and the API a token whenever the server is reachable from other machines.
    public var requiresLogin: Bool { configuration.requiresLogin }

    /// Whether a phone can be paired here: only behind a public HTTPS address, and only where there is a login.
    var pairingAvailability: Devices.Availability {
        guard requiresLogin else { return .noLogin }
        guard let publicURL = configuration.publicURL, let url = URL(string: publicURL.text) else {
            return .needsPublicURL
        }
        return .ready(publicURL: url)
    }

    /// The settings a new owner starts from.
    func initialSettings(language: AppLanguage) -> Settings {
        Settings.initial(language: language, timeZone: configuration.serverTimeZone)
    }

    func localizer(for settings: Settings) -> Localizer {
        Localizer(language: settings.language, timeZone: settings.timeZone, catalog: catalog)
    }

    /// A localizer for a request before any settings are known.
    func localizer(negotiatedFrom request: Request) -> Localizer {
        Localizer(
            language: AppLanguage.negotiate(acceptLanguage: request.headers[.acceptLanguage]),
            timeZone: configuration.serverTimeZone, catalog: catalog)
    }

    /// The open database, or 503 while setup is still finishing.
    func database() async throws -> AppDatabase {
        guard let database = gate.database else {
            throw HTTPError(.serviceUnavailable, message: "Daybook is finishing setup.")
        }
        return database
    }

    func focusInteractor(_ database: AppDatabase) -> FocusInteractor {
        let services = self
        return FocusInteractor(
            store: database, tasks: database, snapshots: database, settings: database, clock: clock, events: events,
            initial: { services.initialSettings(language: .english) })
    }

    func timelineInteractor(_ database: AppDatabase) -> TimelineInteractor {
        let services = self
        return TimelineInteractor(
            tasks: database, snapshots: database, settings: database, clock: clock, ids: ids, events: events,
            initial: { services.initialSettings(language: .english) })
    }

    func statsInteractor(_ database: AppDatabase) -> StatsInteractor {
        StatsInteractor(settings: database, stats: database, clock: clock)
    }

    func logInteractor(_ database: AppDatabase) -> LogInteractor {
        LogInteractor(settings: database, logs: database, snapshots: database, clock: clock, events: events)
    }

    func importInteractor(_ database: AppDatabase) -> ImportInteractor {
        ImportInteractor(store: database, renderer: markdown, ids: ids, clock: clock, events: events)
    }

    func journalInteractor(_ database: AppDatabase) -> JournalInteractor {
        let services = self
        return JournalInteractor(
            store: database, photos: photos.store(database), settings: database, renderer: markdown,
            weather: weatherInteractor(database), clock: clock, ids: ids, events: events,
            places: ConnectedPlaceNaming(connections: connections, gate: gate, offline: places),
            initial: { services.initialSettings(language: .english) })
    }

    func reminderInteractor(_ database: AppDatabase) -> ReminderInteractor {
        let services = self
        return ReminderInteractor(
            store: database, tasks: database, focus: database, settings: database,
            delivery: reminderDelivery(database), clock: clock, catalog: catalog,
            initial: { services.initialSettings(language: .english) })
    }

    /// Reminders' channels: open pages, Web Push (declarative, carrying the badge) and ntfy.
    func reminderDelivery(_ database: AppDatabase) -> ChannelDelivery {
        ChannelDelivery(
            events: events, feed: reminderFeed, store: database, settings: database,
            badge: appBadgeInteractor(database), pushKey: pushKeys, publicURL: configuration.publicURL?.text,
            origin: configuration.pageOrigin, clock: clock, pushTimeout: pushTimeout)
    }

    func appBadgeInteractor(_ database: AppDatabase) -> AppBadgeInteractor {
        let services = self
        return AppBadgeInteractor(
            settings: database, snapshots: database, clock: clock,
            initial: { services.initialSettings(language: .english) })
    }

    func connectionsInteractor(_ database: AppDatabase) -> ConnectionsInteractor {
        ConnectionsInteractor(store: database, events: events)
    }

    func weatherInteractor(_ database: AppDatabase) -> WeatherInteractor {
        WeatherInteractor(store: database, connections: database, provider: weatherProvider, clock: clock)
    }

    func mapInteractor(_ database: AppDatabase) -> MapInteractor {
        let services = self
        return MapInteractor(
            store: database, settings: database, initial: { services.initialSettings(language: .english) })
    }

    func calendarInteractor(_ database: AppDatabase) -> CalendarInteractor {
        let services = self
        return CalendarInteractor(
            store: database, settings: database, clock: clock,
            initial: { services.initialSettings(language: .english) })
    }

    func trackerInteractor(_ database: AppDatabase) -> TrackerInteractor {
        let services = self
        return TrackerInteractor(
            store: database, snapshots: database, settings: database, clock: clock, ids: ids, events: events,
            initial: { services.initialSettings(language: .english) })
    }

    func photoInteractor(_ database: AppDatabase) -> PhotoInteractor {
        photos.interactor(database, clock: clock)
    }

    func accessInteractor(_ database: AppDatabase) -> AccessInteractor {
        AccessInteractor(store: database, secrets: secrets, hasher: hasher, clock: clock, events: events)
    }

    func devicesInteractor(_ database: AppDatabase) -> DevicesInteractor {
        DevicesInteractor(store: database, secrets: secrets, clock: clock, events: events)
    }

    /// `make`'s answer as JSON, kept like a page: the same address with the same stored data, day and language
    /// (and minute, for answers that show the time) is answered from memory.
    func keptJSON(
        _ request: Request, _ context: DaybookRequestContext, kept lifetime: PageLifetime,
        make: () async throws -> some Encodable
    ) async throws -> Response {
        JSONResponse.make(
            body: try await kept(request, context, kept: lifetime) { try JSONResponse.encode(try await make()) })
    }

    /// The bytes `make` answers for this request, kept like a page; `variant` tells apart answers to one address
    /// that differ by something outside it (the address a request came to).
    func kept(
        _ request: Request, _ context: DaybookRequestContext, kept lifetime: PageLifetime, variant: String = "",
        make: () async throws -> ByteBuffer
    ) async throws -> ByteBuffer {
        let env = try context.env
        let key = PageKey(
            address: variant + request.uri.description, database: env.database, settings: env.settings,
            now: clock.now(), lifetime: lifetime)
        return try await answers.value(for: key, make: make)
    }
}
