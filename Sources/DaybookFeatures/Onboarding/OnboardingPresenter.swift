import DaybookCore

public enum OnboardingPresenter {
    /// Why a request that needs the owner's settings was refused before onboarding is done.
    public static func notSetUpMessage(localizer: Localizer) -> String {
        localizer("stats.error.notSetUp")
    }

    /// The step to show, with the person's typing and problems when a submission was refused.
    public static func present(
        _ response: Onboarding.Load.Response, rejection: SettingsRejection? = nil, localizer: Localizer
    ) -> Onboarding.ViewModel {
        let settings = response.settings
        let problems = rejection?.problems ?? [:]
        func error(_ field: SettingsField) -> String? {
            problems[field].map { FieldProblemPresenter.message(for: $0, localizer: localizer) }
        }
        var model = Onboarding.ViewModel(
            title: localizer("onboarding.title"), step: response.step.rawValue,
            errorSummary: problems.isEmpty
                ? nil : FieldProblemPresenter.summary(count: problems.count, localizer: localizer))

        switch response.step {
        case .welcome:
            model.welcome = Onboarding.Welcome(
                heading: localizer("onboarding.welcome.heading"),
                lead: localizer("onboarding.welcome.lead"),
                points: ["plan", "focus", "reflect", "private"].map { localizer("onboarding.welcome.point.\($0)") },
                privacyNote: localizer("onboarding.welcome.privacy"),
                privacyLinkLabel: localizer("onboarding.welcome.privacyLink"),
                language: FormField(
                    id: "language", label: localizer("settings.language.label"),
                    value: rejection?.typed.language ?? settings.language.rawValue, error: error(.language),
                    options: LanguageOptions.options(selected: settings.language)),
                beginLabel: localizer("onboarding.welcome.begin"))
        case .name:
            model.progress = localizer("onboarding.progress", localizer.number(1), localizer.number(2))
            model.nameStep = Onboarding.NameStep(
                heading: localizer("onboarding.name.heading"),
                name: FormField(
                    id: "name", label: localizer("settings.name.label"),
                    value: rejection?.typed.name ?? settings.name, hint: localizer("onboarding.name.hint"),
                    error: error(.name), maxLength: Settings.Limits.nameLength),
                nextLabel: localizer("onboarding.next"))
        case .journal:
            model.progress = localizer("onboarding.progress", localizer.number(2), localizer.number(2))
            let accent = rejection?.typed.accentColor ?? settings.accentColor.hex
            model.journalStep = Onboarding.JournalStep(
                heading: localizer("onboarding.journal.heading", settings.name),
                journalName: FormField(
                    id: "journalName", label: localizer("settings.journalName.label"),
                    value: rejection?.typed.journalName ?? settings.journalName,
                    hint: localizer("onboarding.journal.hint"), error: error(.journalName),
                    maxLength: Settings.Limits.nameLength),
                accentLegend: localizer("settings.accentColor.label"),
                accentOptions: AccentOptions.options(selected: accent, localizer: localizer),
                accentError: error(.accentColor),
                backLabel: localizer("onboarding.back"),
                finishLabel: localizer("onboarding.finish"))
        }
        return model
    }
}
