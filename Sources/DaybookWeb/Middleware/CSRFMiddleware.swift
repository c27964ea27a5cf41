import HTTPTypes
import Hummingbird

/// Guards every state-changing request against forgery: same-origin only, and for forms a token. With a login
/// session the token is made from the session (a new one at each sign-in, and nothing another page could set);
/// without one (on loopback, and the login and pairing forms) it must match this browser's cookie (double
/// submit). Form bodies are read here, within limits.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    static let cookieName = "daybook_csrf"
    static let fieldName = "csrf"
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var request = request
        var context = context
        let existing = request.cookies[services.formCookieName]?.value.filter {
            $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"
        }
        let cookieToken = existing.flatMap { $0.count >= 32 ? $0 : nil }
        // The API takes JSON only, never a form: it needs no form token, and its clients no cookie.
        let isAPI = RouteKind.of(request.uri.path) == .api
        let sessionToken = context.session.map { Self.formToken(session: $0, services: services) }
        context.csrfToken = sessionToken ?? cookieToken ?? (isAPI ? "" : services.secrets.newSecret())

        // A request carrying a valid token cannot be forged: another site does not know the token.
        let hasToken = context.tokenScope != nil
        if ![.get, .head, .options].contains(request.method) {
            if !hasToken { try checkSameOrigin(request) }
            if isAPI {
                try checkJSON(request, hasToken: hasToken)
            } else {
                context.form = try await readForm(&request)
                if !hasToken {
                    guard let expected = sessionToken ?? cookieToken, let sent = context.form[Self.fieldName],
                        Self.equal(sent, expected)
                    else {
                        throw HTTPError(.forbidden, message: "This form has expired. Reload the page and try again.")
                    }
                }
            }
        }

        var response = try await next(request, context)
        if cookieToken != context.csrfToken, !isAPI,
            !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(services.formCookieName + "=") })
        {
            response.setCookie(services.cookie(services.formCookieName, context.csrfToken))
        }
        return response
    }

    /// The form token of a login session: a digest of the session's secret, which only its browser knows, under a
    /// label of its own (the database keeps another digest of it).
    static func formToken(session: String, services: AppServices) -> String {
        services.secrets.digest("daybook form token\u{0}" + session)
    }

    private func checkSameOrigin(_ request: Request) throws {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site == "cross-site" || site == "same-site" {
            throw HTTPError(.forbidden, message: "Requests from other sites are refused.")
        }
        // Under `Referrer-Policy: no-referrer` browsers send `Origin: null` even for same-origin forms;
        // the Sec-Fetch-Site check above and the form token still stand guard then.
        guard let origin = request.headers[.origin], origin != "null" else { return }
        let host = request.head.authority ?? ""
        guard origin == "http://\(host)" || origin == "https://\(host)" else {
            throw HTTPError(.forbidden, message: "Requests from other sites are refused.")
        }
    }

    /// A page can send a cross-site request only as a form or plain text, never as JSON without asking first: API
    /// writes must be JSON. A write without a body may leave `Content-Type` out when it shows it comes from this
    /// origin (the same-origin check above has refused every other origin).
    ///
    /// A photo upload is the image's own bytes, sent as `image/*` or `application/octet-stream`: types a page on
    /// another site cannot send without asking first either. An import is the exported file's bytes, likewise (or a
    /// folder of notes as a tar stream, `application/x-tar`, which a page cannot send without asking first either).
    private func checkJSON(_ request: Request, hasToken: Bool) throws {
        guard request.method != .delete else { return }
        if let upload = FileBody.of(request.method, request.uri.path) {
            let type = request.headers[.contentType]?.lowercased() ?? ""
            guard upload.types.contains(where: type.hasPrefix) else {
                throw HTTPError(.unsupportedMediaType, message: upload.refusal)
            }
            return
        }
        if let type = request.headers[.contentType] {
            guard type.lowercased().hasPrefix("application/json") else {
                throw HTTPError(.unsupportedMediaType, message: "Send JSON with Content-Type: application/json.")
            }
            return
        }
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        let fromThisOrigin =
            request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "same-origin"
            || (request.headers[.origin].map { $0 != "null" } ?? false)
        guard !hasBody, fromThisOrigin || hasToken else {
            throw HTTPError(.unsupportedMediaType, message: "Send JSON with Content-Type: application/json.")
        }
    }

    private func readForm(_ request: inout Request) async throws -> FormData {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPError(.unsupportedMediaType, message: "Send the form as application/x-www-form-urlencoded.")
        }
        let body: ByteBuffer
        let limit = RouteKind.of(request.uri.path).formBodyLimit
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw HTTPError(.contentTooLarge, message: "The form is larger than \(limit / 1024) KB.")
        }
        return FormData(urlEncoded: String(buffer: body))
    }

    /// Compares without stopping at the first difference.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
