import DaybookCore

public enum PhonePresenter {
    /// The page, with the actions' examples naming the owner's own trackers and blocks where there are some.
    ///
    /// - Parameters:
    ///   - base: the address actions are sent to, without a trailing slash.
    ///   - pageAddress: whether `base` is only the address this page was asked at (there is no public URL).
    ///   - created: a Shortcuts token made just now, to show once.
    public static func present(
        choices: ShortcutChoices.List, settings: Settings, base: String, pageAddress: Bool, created: String? = nil,
        problem: Access.Problem? = nil, localizer: Localizer
    ) -> Phone.ViewModel {
        let tick = choices.trackers.first { $0.kind == TrackerKind.boolean.rawValue }
        let count = choices.trackers.first { $0.kind == TrackerKind.number.rawValue }
        let other = choices.trackers.first {
            $0.kind == TrackerKind.rating.rawValue || $0.kind == TrackerKind.duration.rawValue
        }
        let block = choices.blocks.first
        let tracker = localizer("phone.placeholder.tracker")

        func action(
            _ id: String, _ method: String, _ path: String, body: String? = nil, say: String? = nil,
            changes: Bool = true
        ) -> Phone.Action {
            Phone.Action(
                id: id, title: localizer("phone.action.\(id)"), detail: localizer("phone.action.\(id).detail"),
                method: method, path: path, url: base + path, body: body, sayExample: say, changes: changes)
        }
        func values(_ id: String?) -> String { "/api/v1/trackers/\(id ?? tracker)/values/today" }

        let focusBody =
            "{\"minutes\": \(settings.focusMinutes)"
            + (block.map { ", \"taskID\": \"\($0.id)\"" } ?? "") + ", \"sound\": \"\(settings.focusSound.rawValue)\"}"
        let ratingValue = other?.kind == TrackerKind.duration.rawValue ? "30" : "4"
        let actions = [
            action(
                "tick", "PUT", values(tick?.id), body: "{\"value\": true}",
                say: localizer("tracker.say.done", tick?.name ?? localizer("phone.example.tracker"))),
            action("add", "PUT", values(count?.id), body: "{\"add\": 1}"),
            action("value", "PUT", values(other?.id), body: "{\"value\": \(ratingValue)}"),
            action("focusStart", "POST", "/api/v1/focus/start", body: focusBody),
            action("focusPause", "POST", "/api/v1/focus/pause"),
            action("focusResume", "POST", "/api/v1/focus/resume"),
            action("focusStop", "POST", "/api/v1/focus/stop"),
            action(
                "block", "POST", "/api/v1/tasks",
                body:
                    "{\"title\": \"\(jsonText(localizer("phone.example.block")))\", \"start\": \"17:30\", \"duration\": 30}"
            ),
            action(
                "capture", "POST", "/api/v1/entries",
                body: "{\"body\": \"\(jsonText(localizer("phone.example.capture")))\"}",
                say: localizer("journal.say.added")),
            action(
                "append", "POST", "/api/v1/entries/today/append",
                body: "{\"text\": \"\(jsonText(localizer("phone.example.append")))\"}",
                say: localizer("journal.say.appended")),
            action("choices", "GET", "/api/v1/shortcuts", changes: false),
        ]
        let token = created ?? localizer("phone.placeholder.token")
        let scriptURL = base + "/widgets/scriptable.js?token=" + token
        return Phone.ViewModel(
            title: localizer("phone.title"), lead: localizer("phone.lead"), cloudNote: localizer("phone.cloudNote"),
            base: base, pageAddress: pageAddress,
            token: Phone.TokenSection(
                heading: localizer("phone.token.heading"), explanation: localizer("phone.token.explanation"),
                createLabel: localizer("phone.token.create"), fieldLabel: localizer("phone.token.field"),
                fieldHint: localizer("phone.token.fieldHint"), placeholder: localizer("phone.placeholder.token"),
                headerName: "Authorization", bearer: "Bearer " + token, created: created,
                createdNote: created.map { _ in localizer("phone.token.createdNote") },
                error: problem.map { AccessPresenter.message(for: $0, localizer: localizer) }),
            actionsHeading: localizer("phone.actions.heading"), actionsLead: localizer("phone.actions.lead"),
            actions: actions,
            labels: Phone.Labels(
                method: localizer("phone.label.method"), url: localizer("phone.label.url"),
                header: localizer("phone.label.header"), body: localizer("phone.label.body"),
                noBody: localizer("phone.label.noBody"), say: localizer("phone.label.say"),
                copy: localizer("phone.label.copy"), copied: localizer("phone.label.copied"),
                tryIt: localizer("phone.label.try"), tryNote: localizer("phone.label.tryNote"),
                tokenMissing: localizer("phone.label.tokenMissing"), unreachable: localizer("phone.label.unreachable"),
                trackers: localizer("phone.label.trackers"), blocks: localizer("phone.label.blocks"),
                noTrackers: localizer("phone.label.noTrackers"), noBlocks: localizer("phone.label.noBlocks"),
                idColumn: localizer("phone.label.id"), nameColumn: localizer("phone.label.name")),
            trackers: choices.trackers.map {
                Phone.Named(name: $0.name, id: $0.id, detail: localizer("phone.kind.\($0.kind)"))
            },
            blocks: choices.blocks.map { Phone.Named(name: $0.title, id: $0.id, detail: $0.time) },
            hasTrackers: !choices.trackers.isEmpty, hasBlocks: !choices.blocks.isEmpty,
            guides: ["make", "home", "lock", "control", "action", "siri", "dictate"].map {
                guide($0, localizer: localizer)
            },
            widgetsHeading: localizer("phone.widgets.heading"), widgetsLead: localizer("phone.widgets.lead"),
            scriptURL: scriptURL,
            widgetGuides: ["scriptable", "homeWidget", "lockWidget", "parameter"].map {
                guide($0, localizer: localizer)
            },
            remindersLink: localizer("phone.reminders"))
    }

    /// A guide's steps come as one string a line each, so each language words its own steps.
    static func guide(_ id: String, localizer: Localizer) -> Phone.Guide {
        let note = localizer("phone.guide.\(id).note")
        return Phone.Guide(
            id: id, heading: localizer("phone.guide.\(id)"),
            steps: localizer("phone.guide.\(id).steps").split(separator: "\n").map(String.init),
            note: note == "phone.guide.\(id).note" ? nil : note)
    }

    /// Text as it stands between the quotes of a JSON string.
    static func jsonText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
