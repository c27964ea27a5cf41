import Hummingbird
import NIOCore

/// What middleware learns about a request and hands to the routes.
public struct DaybookRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address the request came from, for login throttling.
    public let remoteAddress: String?
    /// This browser's anti-forgery token: put into every form, checked on every form post.
    public var csrfToken: String = ""
    /// A form body read (within limits) by the CSRF check.
    public var form: FormData = FormData()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// JSON bodies larger than this are refused with 413.
    public var maxUploadSize: Int { Limits.jsonBody }
}

/// Explicit request limits.
public enum Limits {
    /// Room for a 20,000-character reflection in any script, percent-encoded.
    public static let formBody = 256 * 1024
    public static let jsonBody = 256 * 1024
    /// Room for an entry's 1 MiB body in any script: JSON keeps UTF-8 as it is, with some escapes.
    public static let entryJSONBody = 2 << 20
    /// Room for an entry's 1 MiB body in any script, percent-encoded (three bytes for each byte).
    public static let entryFormBody = 4 << 20

    /// The largest body a request to `path` may send; past it the answer is 413.
    static func formBody(path: String) -> Int {
        path.hasPrefix("/journal") ? entryFormBody : formBody
    }

    static func jsonBody(path: String) -> Int {
        path.hasPrefix("/api/v1/entries") ? entryJSONBody : jsonBody
    }
}
