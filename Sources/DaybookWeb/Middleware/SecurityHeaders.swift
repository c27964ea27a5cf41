import HTTPTypes
import Hummingbird

/// Strict headers every response carries.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "font-src 'self'", "connect-src 'self'", "media-src 'self' blob:", "worker-src 'self'",
        "manifest-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// Widget pages may be framed by dashboards and their images shown by any page: they carry nothing but the
    /// widget, and a toggle inside a frame still needs the widget token or this browser's form token.
    static let widgetPolicy = contentSecurityPolicy.replacingOccurrences(
        of: "frame-ancestors 'none'", with: "frame-ancestors *")

    /// One year, in seconds: how long a browser that saw Daybook over HTTPS keeps to HTTPS for its name.
    static let strictTransportSecurity = "max-age=31536000"

    /// - Parameters:
    ///   - tileOrigin: the map tile server the owner turned on; the Map page may load images from it.
    ///   - https: whether the server answers under an https public URL: then every answer asks browsers to come
    ///     back over HTTPS only (HSTS).
    static func apply(
        to headers: inout HTTPFields, kind: RouteKind = .page, tileOrigin: String? = nil, https: Bool = false
    ) {
        if https { headers[.strictTransportSecurity] = strictTransportSecurity }
        let isWidget = kind == .widget || kind == .scriptable
        if kind == .staticMap {
            // The small map is an image with its own colours for light and dark: it may style itself, and load
            // nothing.
            headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
        } else if kind == .map, let tileOrigin {
            headers[.contentSecurityPolicy] = contentSecurityPolicy.replacingOccurrences(
                of: "img-src 'self' data: blob:", with: "img-src 'self' data: blob: \(tileOrigin)")
        } else {
            headers[.contentSecurityPolicy] = isWidget ? widgetPolicy : contentSecurityPolicy
        }
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if !isWidget { headers[HTTPField.Name("X-Frame-Options")!] = "DENY" }
        headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = isWidget ? "cross-origin" : "same-origin"
        headers[HTTPField.Name("Permissions-Policy")!] =
            "camera=(), microphone=(), geolocation=(self), interest-cohort=()"
    }
}
