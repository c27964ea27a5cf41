import DaybookCore
import Foundation

/// Settings → Devices: the signed-in browsers, and pairing a phone by a one-time link.
public enum Devices {
    /// A new pairing link's code: shown once, only its digest is stored.
    public struct Pairing: Sendable {
        public var code: String
        public var expiresAt: Date

        /// The link a phone opens: the code rides in the fragment, which browsers never send, so it stays out of
        /// the proxy's logs.
        public func link(publicURL: URL) -> String {
            publicURL.absoluteString + "/pair#" + code
        }
    }

    /// Why a pairing link signed nothing in.
    public enum Problem: Error, Equatable, Sendable {
        case alreadyUsed
        case expired
        case unknownLink
        /// Too many bad links from one address: the next may come in `retryAfterSeconds`.
        case throttled(retryAfterSeconds: Int)
        case unknownDevice
    }

    /// Whether this server can pair a phone.
    public enum Availability: Sendable, Equatable {
        /// Reached at this public address through a TLS proxy.
        case ready(publicURL: URL)
        /// Reachable from other machines, but with no public HTTPS address a phone could install from.
        case needsPublicURL
        /// On this computer only: there is no login, so nothing to pair.
        case noLogin
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var heading: String
        public var explanation: String
        public var devices: [DeviceRow]
        public var emptyText: String?
        public var flash: String?
        public var addPhone: AddPhone
    }

    public struct DeviceRow: Sendable, Encodable {
        public var id: String
        public var name: String
        public var detail: String
        /// "This device", on the row of the browser looking at the page.
        public var currentLabel: String?
        public var endLabel: String
        public var endAccessibleLabel: String
    }

    public struct AddPhone: Sendable, Encodable {
        public var heading: String
        public var explanation: String
        /// Present when a link can be made.
        public var createLabel: String?
        /// Why no link can be made here, and where to read more.
        public var unavailable: String?
        public var created: CreatedLink?
    }

    public struct CreatedLink: Sendable, Encodable {
        public var link: String
        public var codeLabel: String
        public var note: String
    }

    /// Today's welcome on a phone just paired: how to keep Daybook on its Home Screen.
    public struct Welcome: Sendable, Encodable {
        public var heading: String
        public var steps: [String]
    }

    /// The page a pairing link opens, and the page that says why it signed nothing in.
    public struct PairPage: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var continueLabel: String
        /// After a refusal: the way to the login page.
        public var signInLabel: String
        public var error: String?
        public var help: String?
    }
}
