import Foundation

/// Text made safe to place in a URL's path segment or query value.
public enum URLText {
    /// `text` with everything but letters, digits and `-._~` percent-encoded.
    public static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
}
