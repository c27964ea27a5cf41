import DaybookCore
import Foundation

public enum ShellPresenter {
    /// The shell around a page titled `title`, with `current` marked in the navigation.
    ///
    /// - Parameters:
    ///   - current: the highlighted section, or `nil` on pages outside the navigation (onboarding, privacy).
    ///   - showsNavigation: `false` for onboarding and sign-in, where there is nowhere to go yet.
    ///   - onMorePage: `true` on `/more`, the phone's list of the places beyond its bottom bar.
    public static func present(
        title: String, current: AppSection?, appearance: Appearance, showsNavigation: Bool = true,
        onMorePage: Bool = false, localizer: Localizer
    ) -> Shell.ViewModel {
        let appName = localizer("app.name")
        let moreHoldsCurrent = current.map { !$0.isOnPhoneBar } ?? false
        return Shell.ViewModel(
            languageTag: localizer.language.rawValue,
            appearance: appearance.rawValue,
            appName: appName,
            documentTitle: title == appName ? appName : localizer("shell.documentTitle", title, appName),
            navigationLabel: localizer("shell.navigation"),
            skipLinkLabel: localizer("shell.skipToContent"),
            navigation: AppSection.allCases.map { section in
                Shell.NavigationItem(
                    id: section.rawValue, label: localizer("nav.\(section.rawValue)"), href: section.path,
                    isCurrent: section == current, onPhoneBar: section.isOnPhoneBar,
                    currentKind: section == current ? "page" : nil)
            },
            more: Shell.NavigationItem(
                id: "more", label: localizer("nav.more"), href: "/more", isCurrent: onMorePage || moreHoldsCurrent,
                onPhoneBar: true, currentKind: onMorePage ? "page" : moreHoldsCurrent ? "true" : nil),
            showsNavigation: showsNavigation, offline: presentOfflineLabels(localizer: localizer))
    }

    static func presentOfflineLabels(localizer: Localizer) -> Shell.OfflineLabels {
        Shell.OfflineLabels(
            keptAsOf: localizer("offline.keptAsOf", "{time}"),
            waitingOne: localizer.pluralTemplate("offline.waiting", count: 1, placeholder: "{n}"),
            waitingOther: localizer.pluralTemplate("offline.waiting", count: 2, placeholder: "{n}"),
            waitingHeading: localizer("offline.waitingHeading"), waitingBadge: localizer("offline.waitingBadge"),
            refused: localizer("offline.refused", "{reason}"), yourWords: localizer("offline.yourWords"),
            discard: localizer("offline.discard"), sendNow: localizer("offline.sendNow"),
            quotaFull: localizer("offline.quotaFull"), notKept: localizer("offline.notKept"),
            keptPages: localizer("offline.keptPages"), deviceHeading: localizer("offline.deviceHeading"),
            deviceSummary: localizer("offline.deviceSummary"), deviceForget: localizer("offline.deviceForget"),
            deviceForgotten: localizer("offline.deviceForgotten"), waitingWords: localizer("offline.waitingWords"),
            untitled: localizer("journal.untitled"), foundOnDevice: localizer("offline.foundOnDevice", "{n}"),
            entryOnDevice: localizer("offline.entryOnDevice"), journalKept: localizer("offline.journalKept", "{n}"),
            journalFilling: localizer("offline.journalFilling", "{n}"), kinds: kinds(localizer))
    }

    private static func kinds(_ localizer: Localizer) -> String {
        let names = ["entry", "tracker", "log", "sleep", "task", "focus", "photo"]
        let labels = Dictionary(uniqueKeysWithValues: names.map { ($0, localizer("offline.kind.\($0)")) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(labels)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The places a phone reaches through "More": every section its bottom bar leaves out, then search and the log.
    public static func presentMore(localizer: Localizer) -> Shell.MorePage {
        let sections = AppSection.allCases.filter { !$0.isOnPhoneBar }.map { section in
            Shell.MorePage.Place(
                id: section.rawValue, label: localizer("nav.\(section.rawValue)"), href: section.path, hasIcon: true)
        }
        let others = [
            Shell.MorePage.Place(id: "search", label: localizer("journal.search"), href: "/search", hasIcon: false),
            Shell.MorePage.Place(id: "log", label: localizer("log.title"), href: "/log", hasIcon: false),
            Shell.MorePage.Place(id: "privacy", label: localizer("privacy.title"), href: "/privacy", hasIcon: false),
        ]
        return Shell.MorePage(title: localizer("nav.more"), places: sections + others)
    }

    public static func presentOffline(localizer: Localizer) -> Shell.Offline {
        Shell.Offline(
            heading: localizer("offline.heading"), body: localizer("offline.body"),
            retryLabel: localizer("offline.retry"))
    }

    /// The manifest named after the journal (or the app), coloured by the theme, in the owner's language.
    public static func presentManifest(_ settings: Settings, localizer: Localizer) -> Shell.Manifest {
        let canvas = ThemePalette(accent: settings.accentColor).light.canvas.hex
        let appName = localizer("app.name")
        return Shell.Manifest(
            name: settings.journalName.isEmpty ? appName : settings.journalName,
            shortName: appName,
            description: localizer("app.description"),
            lang: settings.language.rawValue,
            backgroundColor: canvas,
            themeColor: canvas,
            icons: [
                .init(src: "/static/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any"),
                .init(src: "/static/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any"),
                .init(src: "/static/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable"),
                .init(src: "/static/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any"),
            ],
            shortcuts: [AppSection.today, .timeline, .journal].map {
                Shell.Manifest.Shortcut(name: localizer("nav.\($0.rawValue)"), url: $0.path)
            } + [
                // One tap from the home screen to tick off the first yes/no tracker (a page asks before it changes).
                Shell.Manifest.Shortcut(name: localizer("widget.toggle.shortcut"), url: "/widgets/toggle")
            ])
    }
}
