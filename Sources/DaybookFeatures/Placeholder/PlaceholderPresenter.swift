import DaybookCore

public enum PlaceholderPresenter {
    public static func present(section: AppSection, localizer: Localizer) -> Placeholder.ViewModel {
        let title = localizer("nav.\(section.rawValue)")
        return Placeholder.ViewModel(
            title: title,
            heading: title,
            body: localizer("placeholder.body.\(section.rawValue)"),
            backLabel: localizer("placeholder.back"))
    }
}
