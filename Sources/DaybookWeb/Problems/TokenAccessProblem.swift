import DaybookCore
import DaybookFeatures
import HTTPTypes

/// Who may reach what with which token: the access tables are in `RouteKind.swift`.
enum TokenAccess {}

extension TokenAccess {
    /// Why a request was not let in, said in the owner's language: a token that is not known or has ended, a request
    /// that needs one, and a token asked for more than its scope reaches.
    enum Problem: SceneProblem, Equatable {
        case unknownToken
        case expiredToken
        /// An API request from another machine with neither a token nor a login session.
        case tokenRequired
        /// A form sent from another machine without a login session.
        case signInFirst
        /// The token's scope does not reach this address.
        case outOfScope(TokenScope)
        /// A widget token sets a yes/no tracker for today, done or not done, and no other value.
        case widgetTickOnly
        /// A shortcuts token adds an entry from its text alone.
        case entryTextOnly
        /// The Scriptable script is made for one widgets or shortcuts token, asked for with it.
        case scriptNeedsToken
        /// The Scriptable script keeps its token on the phone: a full or calendar token is not put in it.
        case scriptTokenScope

        var status: HTTPResponse.Status {
            switch self {
            case .unknownToken, .expiredToken, .tokenRequired, .signInFirst, .scriptNeedsToken: .unauthorized
            case .outOfScope, .widgetTickOnly, .entryTextOnly, .scriptTokenScope: .forbidden
            }
        }

        var code: String { status == .unauthorized ? "unauthorized" : "forbidden" }

        var headers: HTTPFields {
            switch self {
            case .unknownToken, .tokenRequired, .scriptNeedsToken: [.wwwAuthenticate: "Bearer realm=\"daybook\""]
            case .expiredToken: [.wwwAuthenticate: "Bearer realm=\"daybook\", error=\"invalid_token\""]
            default: [:]
            }
        }

        func message(_ localizer: Localizer) -> String {
            switch self {
            case .unknownToken: localizer("access.refused.unknown")
            case .expiredToken: localizer("access.refused.expired")
            case .tokenRequired: localizer("access.refused.required")
            case .signInFirst: localizer("access.refused.signIn")
            case .outOfScope(let scope): localizer("access.refused.\(scope.rawValue)")
            case .widgetTickOnly: localizer("access.refused.widgetTick")
            case .entryTextOnly: localizer("access.refused.entryText")
            case .scriptNeedsToken: localizer("access.refused.scriptToken")
            case .scriptTokenScope: localizer("access.refused.scriptScope")
            }
        }
    }
}
