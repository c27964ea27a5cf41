import DaybookCore
import Foundation
import Testing

@Suite("Trimming white space the way Foundation does, without its copies")
struct WhiteSpaceTests {
    @Test(
        "what a title, a note or an imported entry keeps is what Foundation's trimming keeps",
        arguments: [
            "", " ", "\n\t \r\n", "word", "  two words \n", "\u{3000}全角の空白\u{3000}", "\u{00A0}no-break\u{00A0}",
            "\u{2028}line\u{2029}", "\u{200B}zero width stays\u{200B}", "tab\tinside\t", "e\u{301} ", " 🙂👍🏽 ",
            "\u{85}next line\u{85}", "\r\n한국어 문장\r\n", "   \u{FEFF}bom stays",
        ])
    func sameAsFoundation(_ text: String) {
        #expect(text.trimmingWhiteSpace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.isBlank == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let inside = "«" + text + "»"
        let slice = inside.dropFirst().dropLast()
        #expect(slice.trimmingWhiteSpace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
