import Testing

@testable import DaybookStore

@Suite("Search tokens")
struct SearchSegmenterTests {
    func tokens(_ text: String, query: Bool = false) -> [String] {
        SearchSegmenter.tokens(in: text, forQuery: query).map { ($0.colocated ? "+" : "") + $0.token }
    }

    @Test("a CJK run is indexed as bigrams, each with its first character at the same position")
    func cjkDocument() {
        #expect(tokens("東京都") == ["東京", "+東", "京都", "+京", "都"])
        #expect(tokens("학교에 갔다") == ["학교", "+학", "교에", "+교", "에", "갔다", "+갔", "다"])
        #expect(tokens("学") == ["学"])
    }

    @Test("a query asks for bigrams only, or the single character")
    func cjkQuery() {
        #expect(tokens("東京都", query: true) == ["東京", "京都"])
        #expect(tokens("학교", query: true) == ["학교"])
        #expect(tokens("学", query: true) == ["学"])
    }

    @Test("other text splits like unicode61, folded for case, width and accents; scripts split where they meet")
    func words() {
        #expect(tokens("Café NAÏVE don't ＡＢＣ 3.14") == ["cafe", "naive", "don", "t", "abc", "3", "14"])
        #expect(tokens("Swift공부를") == ["swift", "공부", "+공", "부를", "+부", "를"])
        #expect(tokens("e\u{301}te\u{301}") == ["ete"])
        #expect(tokens("🙂 — ... \u{0}") == [])
    }

    @Test("offsets are bytes of the UTF-8 text, so highlights land on the right characters")
    func offsets() {
        var text = "ab 東京"
        var spans: [String] = []
        _ = text.withUTF8 { buffer in
            SearchSegmenter.forEachToken(in: buffer, forQuery: false) { _, start, end, _ in
                spans.append(String(decoding: buffer[start..<end], as: UTF8.self))
                return true
            }
        }
        #expect(spans == ["ab", "東京", "東", "京"])
    }

    @Test("malformed UTF-8 is skipped, never read past the end")
    func malformed() {
        let bytes: [UInt8] = [0x61, 0xE6, 0x9D, 0x62, 0xF0, 0x9F]
        var seen: [Int] = []
        _ = bytes.withUnsafeBufferPointer { buffer in
            SearchSegmenter.forEachToken(in: buffer, forQuery: false) { _, start, _, _ in
                seen.append(start)
                return true
            }
        }
        #expect(seen == [0, 3])
    }
}
