import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How an import request is refused: one status and one code each (the OpenAPI document lists them).
extension ImportScene.Problem: SceneProblem {
    var status: HTTPResponse.Status { .badRequest }

    var code: String {
        switch self {
        case .unknownSource: "invalidParameter"
        case .invalidDryRun, .invalidMood: "invalidQuery"
        }
    }

    func message(_ localizer: Localizer) -> String {
        ImportPresenter.message(for: self, localizer: localizer)
    }
}

/// How a file that cannot be imported is answered: one status and one code each; nothing of it is kept.
extension ImportBatch.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .tooLarge: .contentTooLarge
        case .unreadable, .unknownVersion, .encryptedJrnl: .unprocessableContent
        // The request's `journal` names none of the export's journals.
        case .unknownJournal: .badRequest
        }
    }

    var code: String {
        switch self {
        case .tooLarge, .unreadable, .unknownVersion: "importRefused"
        case .encryptedJrnl: "importEncrypted"
        case .unknownJournal: "unknownJournal"
        }
    }

    func message(_ localizer: Localizer) -> String {
        ImportPresenter.message(for: self, localizer: localizer)
    }
}
