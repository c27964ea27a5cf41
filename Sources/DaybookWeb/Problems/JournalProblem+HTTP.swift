import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How the journal answers each of its problems: one status and one code, the same on its pages and in the API
/// (the OpenAPI document lists them).
extension Journal.Problem: SceneProblem {
    func message(_ localizer: Localizer) -> String {
        JournalPresenter.message(for: self, localizer: localizer)
    }

    var status: HTTPResponse.Status {
        switch self {
        case .notFound, .unknownTag, .noConflict: .notFound
        // A state of what is stored, not of the request: like a change conflicting with what is stored.
        case .unknownPhoto, .wouldEmpty, .idTaken: .conflict
        case .invalidCursor, .invalidDay, .invalidID, .invalidLineage, .invalidOrder, .tooManyNamed: .badRequest
        case .nothingToAdd: .unprocessableContent
        case .markdownTooLarge: .contentTooLarge
        case .invalidRevision, .invalidChoice: .unprocessableContent
        }
    }

    var code: String {
        switch self {
        case .notFound: "notFound"
        case .unknownTag: "unknownTag"
        case .unknownPhoto: "unknownPhoto"
        case .wouldEmpty: "wouldEmpty"
        case .invalidCursor: "invalidCursor"
        case .invalidRevision: "invalidRevision"
        case .invalidDay: "invalidDate"
        case .noConflict: "noConflict"
        case .invalidChoice: "invalidChoice"
        case .invalidID: "invalidEntryID"
        case .invalidLineage: "invalidLineage"
        case .invalidOrder: "invalidOrder"
        case .tooManyNamed: "tooManyNamed"
        case .nothingToAdd: "nothingToAdd"
        case .idTaken: "entryIDTaken"
        case .markdownTooLarge: "tooLarge"
        }
    }
}

/// An entry's fields refused: 413 when the body is over its limit, like any request too large to take, else 422;
/// each field named with its reason.
extension JournalEntryDraft.Problem: SceneProblem {
    var status: HTTPResponse.Status { isTooLarge ? .contentTooLarge : .unprocessableContent }

    var code: String { "invalidEntry" }

    func message(_ localizer: Localizer) -> String {
        problems.count == 1
            ? JournalPresenter.message(for: problems.values.first!, localizer: localizer)
            : FieldProblemPresenter.summary(count: problems.count, localizer: localizer)
    }

    func fields(_ localizer: Localizer) -> [String: String]? {
        Dictionary(
            uniqueKeysWithValues: problems.map {
                ($0.key.rawValue, JournalPresenter.message(for: $0.value, localizer: localizer))
            })
    }
}
