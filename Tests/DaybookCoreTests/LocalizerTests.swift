import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore

@Suite("Localizer and string catalogs")
struct LocalizerTests {
    let catalog = StringCatalog.bundled

    @Test("every key is translated into every language, with every plural form it needs")
    func catalogsAreComplete() {
        #expect(catalog.entries.count > 100)
        var missing: [String] = []
        for (key, values) in catalog.entries.sorted(by: { $0.key < $1.key }) {
            for language in AppLanguage.allCases {
                switch values[language.rawValue] {
                case nil:
                    missing.append("\(key) [\(language.rawValue)] in \(catalog.origins[key] ?? "?")")
                case .plain(let text) where text.isEmpty:
                    missing.append("\(key) [\(language.rawValue)] is empty")
                case .plural(let forms):
                    for category in language.requiredPluralCategories where forms[category]?.isEmpty ?? true {
                        missing.append("\(key) [\(language.rawValue)] lacks plural \(category)")
                    }
                default:
                    break
                }
            }
        }
        #expect(missing.isEmpty, "untranslated: \(missing.joined(separator: "; "))")
    }

    @Test("every translation keeps the English placeholders")
    func placeholdersMatch() {
        func count(_ value: StringCatalog.Value?) -> Int {
            switch value {
            case .plain(let text): text.components(separatedBy: "%").count - 1
            case .plural(let forms): (forms[.other] ?? "").components(separatedBy: "%").count - 1
            case nil: -1
            }
        }
        for (key, values) in catalog.entries {
            let english = count(values["en"])
            for language in AppLanguage.allCases {
                #expect(count(values[language.rawValue]) == english, "\(key) [\(language.rawValue)]")
            }
        }
    }

    @Test("a greeting fills in the name, in each language")
    func formatsArguments() {
        #expect(Fixtures.localizer(.english)("today.greeting.morning", "Mina").contains("Mina"))
        #expect(Fixtures.localizer(.korean)("today.greeting.morning", "지민").contains("지민"))
        #expect(Fixtures.localizer(.japanese)("nav.settings") == "設定")
        #expect(Fixtures.localizer(.simplifiedChinese)("nav.settings") == "设置")
    }

    @Test("English picks one or other by count; Korean has one form")
    func plurals() {
        let english = Fixtures.localizer(.english)
        #expect(english.plural("error.form.summary", count: 1).contains("1 problem "))
        #expect(english.plural("error.form.summary", count: 3).contains("3 problems"))
        #expect(Fixtures.localizer(.korean).plural("error.form.summary", count: 3).contains("3"))
    }

    @Test("positional placeholders can reorder arguments")
    func positional() {
        let catalog = StringCatalog(entries: ["k": ["en": .plain("%2$@ before %1$@ (100%%)")]])
        let localizer = Localizer(language: .english, timeZone: Fixtures.seoul, catalog: catalog)
        #expect(localizer("k", "a", "b") == "b before a (100%)")
    }

    @Test("a missing key shows the key, not a crash")
    func missingKey() {
        #expect(Fixtures.localizer()("no.such.key") == "no.such.key")
    }

    @Test("dates use the language's own month and weekday names, in the owner's time zone")
    func localizedDates() {
        // 2026-11-21 23:30 UTC is already Sunday the 22nd in Seoul.
        let date = Date.iso("2026-11-21T23:30:00Z")
        #expect(Fixtures.localizer(.korean).longDate(date).contains("일요일"))
        #expect(Fixtures.localizer(.japanese).longDate(date).contains("日曜日"))
        #expect(Fixtures.localizer(.english).longDate(date).contains("Sunday"))
        #expect(
            Fixtures.localizer(.english, timeZone: TimeZone(identifier: "UTC")!).longDate(date).contains("Saturday"))
    }

    @Test(
        "Accept-Language picks the best language Daybook speaks",
        arguments: [
            ("ko-KR,ko;q=0.9,en-US;q=0.8", AppLanguage.korean),
            ("fr-FR,ja;q=0.5,en;q=0.4", .japanese),
            ("zh-CN,zh;q=0.9", .simplifiedChinese),
            ("zh-TW,en;q=0.5", .english),
            ("en;q=0.2,ko;q=0.8", .korean),
            ("de-DE", .english),
            ("", .english),
        ])
    func negotiation(header: String, expected: AppLanguage) {
        #expect(AppLanguage.negotiate(acceptLanguage: header) == expected)
    }

    @Test("catalogs that are not valid JSON, or repeat a key, are refused with the file named")
    func invalidCatalogs() throws {
        var catalog = StringCatalog()
        #expect(throws: StringCatalogError.self) { try catalog.merge(data: Data("{".utf8), named: "Broken.xcstrings") }
        let file = Data(
            #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"A"}}}}}}"#
                .utf8)
        try catalog.merge(data: file, named: "One.xcstrings")
        #expect(throws: StringCatalogError.self) { try catalog.merge(data: file, named: "Two.xcstrings") }
    }
}
