import DaybookCore

public enum Access {
    /// Why an access request was refused.
    public enum Problem: Error, Equatable, Sendable {
        case tokenName(FieldProblem)
        case tooManyTokens(limit: Int)
        case unknownToken
        /// A scope or lifetime that is not one of those offered.
        case unknownChoice
        case passphraseTooShort(minimum: Int)
        case passphraseTooLong(maximum: Int)
    }

    /// What a presented token may do.
    public enum Authorization: Equatable, Sendable {
        case granted(TokenScope)
        /// No token has this secret (it never existed or was revoked).
        case unknown
        case expired
    }

    /// How long a new token works.
    public enum TokenLifetime: String, CaseIterable, Sendable {
        case never
        case month = "30"
        case year = "365"

        public var days: Int? { Int(rawValue) }
    }

    public struct CreatedToken: Sendable {
        public var token: APIToken
        /// Shown once; only its digest is stored.
        public var secret: String
    }

    /// The API tokens section of Settings.
    public struct ViewModel: Sendable, Encodable {
        public var heading: String
        public var explanation: String
        public var tokens: [TokenRow]
        public var emptyText: String
        public var newTokenName: FormField
        public var scope: FormField
        public var lifetime: FormField
        public var createLabel: String
        public var created: Created?
    }

    public struct TokenRow: Sendable, Encodable {
        public var id: String
        public var name: String
        public var detail: String
        public var revokeLabel: String
    }

    public struct Created: Sendable, Encodable {
        public var heading: String
        public var secret: String
        public var note: String
        /// For a widget token: a widget's address carrying it, to paste into a widget app.
        public var widgetExample: String?
    }

    public enum Login {
        /// Why signing in was refused.
        public enum Problem: Sendable, Equatable {
            case wrongPassphrase
            /// Too many wrong tries from one address: the next may come in `retryAfterSeconds`.
            case throttled(retryAfterSeconds: Int)
        }

        /// The sign-in page.
        public struct ViewModel: Sendable, Encodable {
            public var title: String
            public var lead: String
            public var passphraseLabel: String
            public var signInLabel: String
            public var error: String?
            /// "This device was signed out.", when it came here because its session was ended.
            public var notice: String?
            /// Where to go after signing in.
            public var next: String
        }
    }
}
