import Foundation
import Testing

@testable import DaybookCore

@Suite("Text in URLs")
struct URLTextTests {
    @Test(
        "a search, tag or id reaches the server as typed, encoded as Foundation encodes it",
        arguments: [
            "morning", "학교", "東京タワー", "naïve café", "a b&c=d?e#f/g", "100% sure", "tag+plus", "-._~",
            "emoji 🎉 here", "x²", "ｶﾀｶﾅ", "Ǆ", "e\u{301}", "line\nbreak", "quote\"'<>", "",
        ])
    func encodesLikeFoundation(text: String) throws {
        let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let encoded = URLText.component(text)
        #expect(encoded == text.addingPercentEncoding(withAllowedCharacters: unreserved))
        #expect(encoded.removingPercentEncoding == text)
        #expect(!encoded.contains { "&=?#/ +\"'<>\n".contains($0) })
    }
}
