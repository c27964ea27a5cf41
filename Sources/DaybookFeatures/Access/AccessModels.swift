import DaybookCore

public enum Access {
    /// Why an access request was refused.
    public enum Problem: Error, Equatable, Sendable {
        case tokenName(FieldProblem)
        case tooManyTokens(limit: Int)
        case unknownToken
        case passphraseTooShort(minimum: Int)
        case passphraseTooLong(maximum: Int)
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
            /// Where to go after signing in.
            public var next: String
        }
    }
}
