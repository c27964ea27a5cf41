import DaybookFeatures
import HTTPTypes

/// How the journal answers each of its problems: one status and one code, the same on its pages and in the API
/// (the OpenAPI document lists them).
extension Journal.Problem {
    var status: HTTPResponse.Status {
        switch self {
        case .notFound, .unknownTag, .noConflict: .notFound
        // A state of what is stored, not of the request: like a change conflicting with what is stored.
        case .unknownPhoto, .wouldEmpty, .idTaken: .conflict
        case .invalidCursor, .invalidDay, .invalidID, .invalidLineage, .invalidOrder, .tooManyNamed: .badRequest
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
        case .idTaken: "entryIDTaken"
        }
    }
}
