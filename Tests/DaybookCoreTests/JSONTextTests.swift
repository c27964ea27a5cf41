import Foundation
import Testing

@testable import DaybookCore

@Suite("Writing JSON strings for the export")
struct JSONTextTests {
    @Test("a string written by JSONText reads back the same, whatever it holds, on one line")
    func quotedTextReadsBack() throws {
        for text in ["", "plain", "say \"hi\" \\ / done", "line\nbreak\ttab\r", "\u{0}\u{1}\u{8}\u{1F}", "학교 東京 ☕️ 👩‍👩‍👧"] {
            let quoted = JSONText.quoted(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
            #expect(!quoted.dropFirst().dropLast().contains("\n"))
        }
        #expect(JSONText.quoted("a\u{1}") == #""a\u0001""#)
    }
}
