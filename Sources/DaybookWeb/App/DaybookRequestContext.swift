import DaybookCore
import Hummingbird
import NIOCore

/// What middleware learns about a request and hands to the routes.
public struct DaybookRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address of the connection's other end: the client, or the proxy in front of this server.
    public let remoteAddress: String?
    /// The client's address: `remoteAddress`, or what a trusted proxy says the client's is (`ClientAddressMiddleware`).
    /// Login and pairing attempts are counted by it, and it is in every log line of the request.
    public var clientAddress: String?
    /// This browser's anti-forgery token: put into every form, checked on every form post.
    public var csrfToken: String = ""
    /// A form body read (within limits) by the CSRF check.
    public var form: FormData = FormData()
    /// The scope of the API token the request carried, when it carried one.
    public var tokenScope: TokenScope?
    /// That token, as presented (a bearer header, or `?token=` where a widget or the feed takes one).
    public var token: String?
    /// The public id of the signed-in device that sent the request, when it came with a login session.
    public var deviceID: String?
    /// The login session's secret, when the request came with a valid one: its form token is made from it.
    public var session: String?
    /// The owner's settings (or a first visit's defaults), language, localizer and theme, known once the database
    /// is open: looked up once, by the outermost middleware, and read by every layer and handler after it.
    var environment: PageEnvironment?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = remoteAddress
    }

    /// JSON bodies larger than this are refused with 413.
    public var maxUploadSize: Int { Limits.jsonBody }
}

extension DaybookRequestContext {
    /// The request's environment; "finishing setup" (503) while the database is not open yet.
    var env: PageEnvironment {
        get throws {
            guard let environment else { throw HTTPError(.serviceUnavailable, message: "Daybook is finishing setup.") }
            return environment
        }
    }

    /// The owner's language (or, before anything was saved, the browser's).
    var localizer: Localizer {
        get throws { try env.localizer }
    }
}

/// Explicit request limits.
public enum Limits {
    /// Room for a 20,000-character reflection in any script, percent-encoded.
    public static let formBody = 256 * 1024
    public static let jsonBody = 256 * 1024
    /// Room for `MarkdownLimits.utf8Bytes` of Markdown to render however JSON escapes it (at most six bytes for
    /// one, as `\u0001`).
    public static let markdownBody = 6 * MarkdownLimits.utf8Bytes + 1024

    /// The largest JSON body the API operation `operationID` reads.
    static func jsonBody(for operationID: String) -> Int {
        markdownOperations.contains(operationID) ? markdownBody : jsonBody
    }

    /// The operations whose body carries Markdown of up to `MarkdownLimits.utf8Bytes`.
    static let markdownOperations: Set<String> = [RenderAPIRoutes.operationID, "createEntry", "updateEntry"]

    /// Room for an entry's Markdown in any script, percent-encoded (three bytes for each byte).
    public static let entryFormBody = 3 * MarkdownLimits.utf8Bytes + 64 * 1024
}
