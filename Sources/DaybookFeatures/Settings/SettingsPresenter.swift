import DaybookCore

public enum SettingsPresenter {
    public static func values(_ settings: Settings) -> SettingsScene.Values {
        SettingsScene.Values(
            name: settings.name, journalName: settings.journalName, language: settings.language.rawValue,
            accentColor: settings.accentColor.hex, appearance: settings.appearance.rawValue,
            timeZone: settings.timeZoneIdentifier, firstWeekday: settings.firstWeekday.rawValue,
            units: settings.units.rawValue, focusMinutes: settings.focusMinutes,
            focusSound: settings.focusSound.rawValue, dailyGoalMinutes: settings.dailyGoalMinutes,
            appBadge: settings.appBadge.rawValue)
    }

    /// The settings form, showing what was typed and why it was refused when a change failed.
    public static func present(
        _ response: SettingsScene.Load.Response, rejection: SettingsRejection? = nil, saved: Bool = false,
        requiresLogin: Bool = false, localizer: Localizer
    ) -> SettingsScene.ViewModel {
        let settings = response.settings
        let stored = values(settings)
        let typed = rejection?.typed ?? SettingsChange()
        let problems = rejection?.problems ?? [:]

        func field(
            _ id: SettingsField, _ value: String, hint: String? = nil, maxLength: Int? = nil, options: [FormOption] = []
        ) -> FormField {
            FormField(
                id: id.rawValue, label: localizer("settings.\(id.rawValue).label"), value: value, hint: hint,
                error: problems[id].map { FieldProblemPresenter.message(for: $0, localizer: localizer) },
                maxLength: maxLength, options: options)
        }
        func choices<Choice: RawRepresentable<String> & CaseIterable>(
            _: Choice.Type, _ id: SettingsField, _ value: String
        )
            -> [FormOption]
        {
            Choice.allCases.map {
                FormOption(
                    value: $0.rawValue, label: localizer("settings.\(id.rawValue).\($0.rawValue)"),
                    isSelected: $0.rawValue == value)
            }
        }

        let language = typed.language ?? stored.language
        let appearance = typed.appearance ?? stored.appearance
        let zone = typed.timeZone ?? stored.timeZone
        let weekday = typed.firstWeekday ?? stored.firstWeekday
        let units = typed.units ?? stored.units
        let sound = typed.focusSound ?? stored.focusSound
        let weekdayNames = localizer.calendar.standaloneWeekdaySymbols

        let sections = [
            SettingsScene.Section(
                id: "profile", heading: localizer("settings.section.profile"),
                fields: [
                    field(.name, typed.name ?? stored.name, maxLength: Settings.Limits.nameLength),
                    field(.journalName, typed.journalName ?? stored.journalName, maxLength: Settings.Limits.nameLength),
                ]),
            SettingsScene.Section(
                id: "look", heading: localizer("settings.section.look"),
                fields: [
                    field(
                        .language, language, hint: localizer("settings.language.hint"),
                        options: AppLanguage.allCases.map {
                            FormOption(value: $0.rawValue, label: $0.endonym, isSelected: $0.rawValue == language)
                        }),
                    field(
                        .accentColor, typed.accentColor ?? stored.accentColor,
                        hint: localizer("settings.accentColor.hint"), maxLength: 7),
                    field(.appearance, appearance, options: choices(Appearance.self, .appearance, appearance)),
                ]),
            SettingsScene.Section(
                id: "time", heading: localizer("settings.section.time"),
                fields: [
                    field(
                        .timeZone, zone,
                        options: response.timeZoneIdentifiers.map {
                            FormOption(
                                value: $0, label: $0.replacingOccurrences(of: "_", with: " "), isSelected: $0 == zone)
                        }),
                    field(
                        .firstWeekday, weekday,
                        options: FirstWeekday.allCases.map {
                            FormOption(
                                value: $0.rawValue, label: weekdayNames[$0.calendarValue - 1],
                                isSelected: $0.rawValue == weekday)
                        }),
                    field(.units, units, options: choices(UnitSystem.self, .units, units)),
                ]),
            SettingsScene.Section(
                id: "focus", heading: localizer("settings.section.focus"),
                fields: [
                    field(
                        .focusMinutes, typed.focusMinutes ?? String(stored.focusMinutes),
                        hint: localizer(
                            "settings.focusMinutes.hint", localizer.number(Settings.Limits.focusMinutes.lowerBound),
                            localizer.number(Settings.Limits.focusMinutes.upperBound)), maxLength: 3),
                    field(.focusSound, sound, options: choices(AmbientSound.self, .focusSound, sound)),
                    field(
                        .dailyGoalMinutes, typed.dailyGoalMinutes ?? String(stored.dailyGoalMinutes),
                        hint: localizer(
                            "settings.dailyGoalMinutes.hint",
                            localizer.number(Settings.Limits.dailyGoalMinutes.upperBound)), maxLength: 3),
                ]),
        ]

        return SettingsScene.ViewModel(
            title: localizer("nav.settings"),
            values: stored,
            sections: sections,
            errorSummary: problems.isEmpty
                ? nil : FieldProblemPresenter.summary(count: problems.count, localizer: localizer),
            flash: saved ? localizer("settings.saved") : nil,
            saveLabel: localizer("settings.save"),
            about: SettingsScene.About(
                heading: localizer("settings.section.about"), versionLabel: localizer("settings.version"),
                version: BuildInfo.version, privacyLabel: localizer("settings.privacyLink"),
                connectionsLabel: localizer("connections.link"), remindersLabel: localizer("reminders.link"),
                backupsLabel: localizer("backups.link"), devicesLabel: localizer("devices.link"),
                phoneLabel: localizer("phone.link")),
            device: presentDevice(localizer: localizer),
            signOut: requiresLogin
                ? SettingsScene.SignOut(label: localizer("settings.signOut"), hint: localizer("settings.signOut.hint"))
                : nil)
    }

    /// The words of Settings → This device.
    public static func presentDevice(localizer: Localizer) -> SettingsScene.Device {
        SettingsScene.Device(
            persistent: localizer("device.persistent"), notPersistent: localizer("device.notPersistent"),
            usage: localizer("device.usage", "{used}", "{available}"),
            safariClears: localizer("device.safariClears"), homeScreenHeading: localizer("device.homeScreen.heading"),
            homeScreenShare: localizer("device.homeScreen.share"), homeScreenAdd: localizer("device.homeScreen.add"),
            homeScreenOpen: localizer("device.homeScreen.open"), onHomeScreen: localizer("device.onHomeScreen"))
    }

    /// Why a settings change sent as JSON could not be read, in words.
    public static func message(for problem: SettingsScene.Problem, localizer: Localizer) -> String {
        switch problem {
        case .tooLarge(let limitKB): localizer.plural("api.error.tooLarge", count: limitKB)
        case .malformed: localizer("api.error.malformedJSON")
        case .unknownFields(let names): localizer("api.error.unknownFields", names.joined(separator: ", "))
        case .wrongTypes: localizer("api.error.wrongTypes")
        }
    }
}
