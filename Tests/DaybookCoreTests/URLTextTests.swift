import Foundation
import Testing

@testable import DaybookCore

@Suite("Text in URLs")
struct URLTextTests {
    @Test(
        "a search, tag or id reaches the server as typed, with nothing a URL reads as punctuation left bare",
        arguments: [
            "morning", "학교", "東京タワー", "naïve café", "a b&c=d?e#f/g", "100% sure", "tag+plus", "-._~",
            "emoji 🎉 here", "x²", "ｶﾀｶﾅ", "Ǆ", "e\u{301}", "line\nbreak", "quote\"'<>", "",
        ])
    func encodesForURLs(text: String) throws {
        let encoded = URLText.component(text)
        #expect(encoded.allSatisfy { $0.isASCII })
        #expect(encoded.removingPercentEncoding == text)
        #expect(!encoded.contains { "&=?#/ +\"'<>\n".contains($0) })
    }
}
