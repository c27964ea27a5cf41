import DaybookCore
import DaybookFeatures
import HTTPTypes

/// Settings refused: 422, each field named with its reason, the same for the settings page's form, onboarding's
/// steps and the API (the OpenAPI document lists it).
extension SettingsChange.Problem: SceneProblem {
    var status: HTTPResponse.Status { .unprocessableContent }

    var code: String { "invalidSettings" }

    func message(_ localizer: Localizer) -> String {
        FieldProblemPresenter.summary(count: problems.count, localizer: localizer)
    }

    func fields(_ localizer: Localizer) -> [String: String]? {
        FieldProblemPresenter.messages(problems, localizer: localizer)
    }
}

/// A settings body the API cannot read: 413 when it is over its limit, else 400, with the codes the API's document
/// gives the same mistakes in any body.
extension SettingsScene.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        if case .tooLarge = self { .contentTooLarge } else { .badRequest }
    }

    var code: String {
        switch self {
        case .tooLarge: "tooLarge"
        case .malformed: "malformedJSON"
        case .unknownFields: "unknownFields"
        case .wrongTypes: "wrongType"
        }
    }

    func message(_ localizer: Localizer) -> String {
        SettingsPresenter.message(for: self, localizer: localizer)
    }
}

/// How API tokens answer each of their problems on the settings page: one status and one code.
extension Access.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .tokenName, .passphraseTooShort, .passphraseTooLong: .unprocessableContent
        case .tooManyTokens: .conflict
        case .unknownToken: .notFound
        // Not one of the scopes or lifetimes the form offers: not a request the page makes.
        case .unknownChoice: .badRequest
        }
    }

    var code: String {
        switch self {
        case .tokenName: "invalidTokenName"
        case .tooManyTokens: "tooManyTokens"
        case .unknownToken: "unknownToken"
        case .unknownChoice: "unknownChoice"
        case .passphraseTooShort, .passphraseTooLong: "invalidPassphrase"
        }
    }

    func message(_ localizer: Localizer) -> String {
        AccessPresenter.message(for: self, localizer: localizer)
    }
}
