import DaybookCore

public enum ShellPresenter {
    /// The shell around a page titled `title`, with `current` marked in the navigation.
    ///
    /// - Parameters:
    ///   - current: the highlighted section, or `nil` on pages outside the navigation (onboarding, privacy).
    ///   - showsNavigation: `false` for onboarding and sign-in, where there is nowhere to go yet.
    public static func present(
        title: String, current: AppSection?, appearance: Appearance, showsNavigation: Bool = true,
        localizer: Localizer
    ) -> Shell.ViewModel {
        let appName = localizer("app.name")
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
                    isCurrent: section == current)
            },
            showsNavigation: showsNavigation)
    }
}
