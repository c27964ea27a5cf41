import Foundation
import Testing

@testable import DaybookCore

@Suite("Reading JSON")
struct JSONReaderTests {
    struct Hit: Encodable {
        var id: String
        var title: String
        var isStarred: Bool
        var tags: [String]
        var placeLabel: String?
        var wordCount: Int
    }

    @Test("what the server's encoder writes comes back word for word, in every script and with every escape")
    func readsEncodedAnswers() throws {
        let titles = [
            "A quiet morning", "학교에 가는 길", "東京で", "naïve café", "quote \" backslash \\ slash /",
            "tab\tnew line\ncarriage\r", "emoji 🎉 and \u{1F1F0}\u{1F1F7}", "control \u{01}\u{1F}", "<mark>x</mark> & …",
            "",
        ]
        let hits = titles.enumerated().map { number, title in
            Hit(
                id: "entry-\(number)", title: title, isStarred: number % 2 == 0, tags: [title, "tag"],
                placeLabel: number % 3 == 0 ? nil : "Seoul", wordCount: number * 250)
        }
        let data = try JSONEncoder().encode(["results": hits])
        let read = try JSONReader.read(data)
        let results = try #require(read["results"]?.array)
        #expect(results.count == titles.count)
        for (hit, value) in zip(hits, results) {
            #expect(value["id"]?.string == hit.id)
            #expect(value["title"]?.string == hit.title)
            #expect(value["isStarred"]?.bool == hit.isStarred)
            #expect(value["tags"]?.array?.compactMap(\.string) == hit.tags)
            #expect(value["placeLabel"]?.string == hit.placeLabel)
            #expect(value["wordCount"]?.number == Double(hit.wordCount))
        }
    }

    @Test("escapes, surrogate pairs, numbers, literals and white space")
    func readsTheGrammar() throws {
        #expect(try JSONReader.read(#" "\u00e9\ud83c\udf89\n\t\"\\\/\b\f\r" "#) == .string("é🎉\n\t\"\\/\u{8}\u{C}\r"))
        #expect(
            try JSONReader.read("[0, -0.5, 1e3, 12.5E-1, 7, true, false, null]")
                == .array([
                    .number(0), .number(-0.5), .number(1000), .number(1.25), .number(7), .bool(true),
                    .bool(false), .null,
                ]))
        let object = try JSONReader.read("\n{ \"b\" : 1 ,\t\"a\": {}, \"b\": [] }\r\n")
        #expect(object == .object([.init("b", .number(1)), .init("a", .object([])), .init("b", .array([]))]))
        #expect(object["b"] == .array([]))
        #expect(object["missing"] == nil)
        #expect(try JSONReader.read(Array("\"학교\"".utf8)[...]) == .string("학교"))
    }

    @Test(
        "anything that is not one JSON value is refused, never half read",
        arguments: [
            "", " ", "{", "}", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":}", "01", "1.", ".5",
            "-", "+1", "1e", "0x10", "tru", "nul", "True", "\"open", "\"\\x\"", "\"\\u12\"", "\"\\u12g4\"",
            "\"raw\nnew line\"", "\"\\ud800\"", "\"\\ud800\\u0041\"", "\"\\udc00\"", "[1] x", "[1][2]", "'single'",
            "NaN", "Infinity",
        ])
    func refusesBrokenText(text: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.read(text) }
    }

    @Test("broken UTF-8 and nesting deeper than the limit are refused, not crashed on")
    func refusesHostileBytes() {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.read([0x22, 0xFF, 0xFE, 0x22]) }
        #expect(throws: JSONReader.Failure.self) { try JSONReader.read([0x22, 0x5C, 0x6E, 0xC3, 0x22]) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReader.Failure.self) { try JSONReader.read(deep) }
        let allowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONReader.read(allowed)) != nil)
    }

    @Test("a string written by JSONText reads back the same, whatever it holds")
    func quotedTextReadsBack() throws {
        for text in ["", "plain", "say \"hi\" \\ / done", "line\nbreak\ttab\r", "\u{0}\u{1}\u{8}\u{1F}", "학교 東京 ☕️ 👩‍👩‍👧"] {
            let quoted = JSONText.quoted(text)
            #expect(try JSONReader.read(quoted) == .string(text))
            #expect(!quoted.dropFirst().dropLast().contains("\n"))
        }
        #expect(JSONText.quoted("a\u{1}") == #""a\u0001""#)
    }
}
