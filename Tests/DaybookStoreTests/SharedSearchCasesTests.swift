import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookStore

/// The cases of `Tests/Fixtures/search-matching.json`, which the kept journal's tests read too (`search.test.mjs`):
/// whether a search finds an entry, in the server's words. A device and the server find the same entries, except
/// where a case says how the device differs today.
@Suite("Search finds what the shared table of cases says, on the server")
struct SharedSearchCasesTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var query: String
        var text: String
        var matches: Bool
        var why: String
        var testDescription: String { "\(query) in \(text.prefix(30)): \(matches)" }
    }

    static let cases: [Case] = {
        struct Table: Decodable { var cases: [Case] }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/search-matching.json")
        guard let data = try? Data(contentsOf: file), let table = try? JSONDecoder().decode(Table.self, from: data)
        else { return [] }
        return table.cases
    }()

    @Test("the table is there and holds cases in every script it is about")
    func table() {
        #expect(Self.cases.count >= 40)
    }

    @Test("a search finds an entry exactly when the shared table says so", arguments: cases)
    func matches(_ given: Case) async throws {
        let database = try await Fixtures.database()
        _ = try await JournalFixture().add(database, "", given.text)
        let hits = try await database.search(JournalSearchQuery(text: given.query)).hits
        #expect(!hits.isEmpty == given.matches, "\(given.why)")
    }
}
