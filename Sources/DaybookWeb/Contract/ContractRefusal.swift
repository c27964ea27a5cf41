import DaybookCore
import DaybookFeatures
import Hummingbird

/// The answer to a request the API's document does not allow, in the owner's language, with the same codes and
/// field messages the scenes give for the same mistakes: 400 for an unreadable request (a malformed parameter or
/// body, an unknown field, a value of the wrong type), 422 for refused values.
enum ContractRefusal {
    static func response(_ issues: [ContractIssue], operation: String, localizer: Localizer) -> Response {
        guard let first = issues.first else {
            return APIError.response(
                status: .badRequest, code: "badRequest", message: localizer("error.badRequest.body"))
        }
        if first.location != .body {
            let (code, message) = parameterProblem(first, localizer: localizer)
            return APIError.response(
                status: .badRequest, code: code, message: message, fields: [first.field: message])
        }
        if first.rule == .malformed {
            return APIError.response(
                status: .badRequest, code: "malformedJSON", message: localizer("api.error.malformedJSON"))
        }
        let unknown = issues.filter { $0.rule == .unknownField }.map(\.field)
        if !unknown.isEmpty {
            let message = localizer("api.error.unknownFields", unknown.joined(separator: ", "))
            return APIError.response(
                status: .badRequest, code: "unknownFields", message: message,
                fields: Dictionary(unknown.map { ($0, message) }, uniquingKeysWith: { first, _ in first }))
        }
        let mistyped = issues.filter(\.isStructural).map(\.field)
        if !mistyped.isEmpty {
            let names = mistyped.map { $0.isEmpty ? "body" : $0 }
            let message = localizer("api.error.wrongType", names.joined(separator: ", "))
            return APIError.response(
                status: .badRequest, code: "wrongType", message: message,
                fields: Dictionary(names.map { ($0, message) }, uniquingKeysWith: { first, _ in first }))
        }
        let tooLong = issues.contains { issue in
            if case .tooLong = issue.rule { issue.field == "markdown" } else { false }
        }
        if operation == RenderAPIRoutes.operationID, tooLong {
            // More code points than the limit has bytes: too large, as the route says of more bytes.
            return Journal.Problem.markdownTooLarge.apiResponse(localizer)
        }
        var fields: [String: String] = [:]
        for issue in issues where fields[issue.field] == nil {
            fields[issue.field] = valueMessage(issue, operation: operation, localizer: localizer)
        }
        let (code, summary) = valueSummary(issues, fields: fields, operation: operation, localizer: localizer)
        return APIError.response(status: .unprocessableContent, code: code, message: summary, fields: fields)
    }

    /// A query or path parameter the document does not allow.
    private static func parameterProblem(_ issue: ContractIssue, localizer: Localizer)
        -> (code: String, message: String)
    {
        switch (issue.location, issue.field) {
        case (.path, "date"): ("invalidDate", localizer("log.error.date"))
        case (.query, "week"): ("invalidQuery", localizer("stats.error.week"))
        case (.query, "page"): ("invalidQuery", localizer("stats.error.page"))
        case (.query, "scope"): ("unknownScope", localizer("task.error.unknownScope"))
        case (.query, "date"): ("invalidDate", localizer("task.error.invalidDate"))
        case (.query, "mood"): ("invalidQuery", localizer("import.error.mood"))
        default: ("invalidParameter", localizer("api.error.invalidValue"))
        }
    }

    /// What is wrong with one refused body value, as the scene that owns the field says it.
    private static func valueMessage(_ issue: ContractIssue, operation: String, localizer: Localizer) -> String {
        let message: String? =
            switch operation {
            case "updateSettings":
                settingsProblem(issue).map { FieldProblemPresenter.message(for: $0, localizer: localizer) }
            case "createTask", "updateTask":
                taskProblem(issue).map { TimelinePresenter.message(for: $0, localizer: localizer) }
            case "setTaskDone":
                localizer("task.error.invalidDate")
            case "patchLog", "putLog":
                LogPresenter.message(
                    for: issue.field == "reflection"
                        ? .reflectionTooLong : .invalidRating(issue.field == "mood" ? .mood : .sleep),
                    localizer: localizer)
            case "startFocus", "extendFocus", "changeFocusSound":
                FocusPresenter.message(for: focusProblem(issue, operation: operation), localizer: localizer)
            case "createTracker", "updateTracker":
                trackerProblem(issue).map { $0.message(localizer) }
            default:
                nil
            }
        return message ?? localizer("api.error.invalidValue")
    }

    private static func valueSummary(
        _ issues: [ContractIssue], fields: [String: String], operation: String, localizer: Localizer
    ) -> (code: String, message: String) {
        let single = fields.count == 1 ? fields.values.first : nil
        switch operation {
        case "updateSettings":
            return ("invalidSettings", FieldProblemPresenter.summary(count: fields.count, localizer: localizer))
        case "createTask", "updateTask":
            return ("invalidTask", localizer.plural("task.error.summary", count: fields.count))
        case "setTaskDone":
            return ("invalidDate", single ?? localizer("task.error.invalidDate"))
        case "patchLog", "putLog":
            let code = fields["sleepQuality"] != nil || fields["mood"] != nil ? "invalidRating" : "reflectionTooLong"
            return (code, fields["sleepQuality"] ?? fields["mood"] ?? single ?? "")
        case "startFocus", "extendFocus", "changeFocusSound":
            let field = issues.first?.field ?? ""
            let code =
                switch (operation, field) {
                case ("extendFocus", _): "invalidExtension"
                case (_, "minutes"): "invalidMinutes"
                case (_, "sound"): "unknownSound"
                default: "invalidValue"
                }
            return (code, fields[field] ?? localizer("api.error.invalidValue"))
        case "createTracker", "updateTracker":
            // The frequency and the note answer as the route does for the same mistakes.
            let problem = fields.count == 1 ? issues.first.flatMap(trackerProblem) : nil
            return (
                problem.map(\.code) ?? "invalidValue",
                single ?? FieldProblemPresenter.summary(count: fields.count, localizer: localizer)
            )
        default:
            return ("invalidValue", single ?? FieldProblemPresenter.summary(count: fields.count, localizer: localizer))
        }
    }

    private static func settingsProblem(_ issue: ContractIssue) -> FieldProblem? {
        switch (issue.field, issue.rule) {
        case ("name", .tooLong(let limit)), ("journalName", .tooLong(let limit)): return .tooLong(limit: limit)
        case ("name", .pattern), ("journalName", .pattern):
            // A name of spaces only is empty; anything else the pattern refuses is a control character.
            let blank = issue.value?.string?.isBlank ?? true
            return blank ? .empty : .lineBreak
        case ("name", _), ("journalName", _): return .empty
        case ("accentColor", _): return .invalidColor
        case ("timeZone", _): return .unknownTimeZone
        case ("focusMinutes", _): return minutesProblem(issue, range: Settings.Limits.focusMinutes)
        case ("dailyGoalMinutes", _): return minutesProblem(issue, range: Settings.Limits.dailyGoalMinutes)
        case (_, .choice): return .unknownChoice
        default: return nil
        }
    }

    private static func minutesProblem(_ issue: ContractIssue, range: ClosedRange<Int>) -> FieldProblem {
        if case .string(let text) = issue.value, text.wholeMatch(of: /[0-9]+/) == nil { return .notAWholeNumber }
        return .outOfRange(range)
    }

    private static func taskProblem(_ issue: ContractIssue) -> TaskProblem? {
        switch (issue.field, issue.rule) {
        case ("title", .tooLong(let limit)): .titleTooLong(limit: limit)
        case ("title", _): .titleEmpty
        case ("notes", _): .notesTooLong(limit: PlannedTask.Limits.notesLength)
        case ("date", _): .invalidDate
        case ("start", _): .invalidTime
        case ("duration", _): .durationOutOfRange(PlannedTask.Limits.durationMinutes)
        case ("color", _): .unknownColor
        case ("repeat", _): .invalidRepeat
        default: nil
        }
    }

    private static func trackerProblem(_ issue: ContractIssue) -> Trackers.Problem? {
        switch (issue.field, issue.rule) {
        case ("frequency", _): .invalidFrequency
        case ("unit", .choice): .unknownUnit
        case ("note", .tooLong(let limit)): .note(.tooLong(limit: limit))
        default: nil
        }
    }

    private static func focusProblem(_ issue: ContractIssue, operation: String) -> Focus.Problem {
        switch (operation, issue.field) {
        case ("extendFocus", _): .timer(.invalidExtension)
        case (_, "minutes"): .invalidMinutes(FocusTimer.Limits.countdownMinutes)
        default: .unknownSound
        }
    }
}
