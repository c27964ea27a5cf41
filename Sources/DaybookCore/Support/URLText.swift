import Foundation

/// Text made safe to place in a URL's path segment or query value.
public enum URLText {
    /// `text` with everything but ASCII letters, digits and `-._~` (RFC 3986's unreserved characters)
    /// percent-encoded as UTF-8 bytes.
    public static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
