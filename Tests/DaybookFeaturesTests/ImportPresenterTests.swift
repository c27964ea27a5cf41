import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import Testing

@Suite("The import report in the owner's language")
struct ImportPresenterTests {
    /// A Daylio CSV's dry run: 2 entries, 3 moods of which one has a name without a level.
    var report: ImportReport {
        var report = ImportReport()
        report[.entries] = ImportCount(read: 2, imported: 2)
        report[.moods] = ImportCount(read: 3, imported: 1, problems: 1, unchanged: 1)
        report.problems = [
            .init(
                item: "daylio_export.csv line 2", reason: "the mood “so-so” has no Daybook level", kind: .moods,
                key: "import.problem.unmappedMood", arguments: ["so-so"]),
            .init(item: "Checkmarks.csv “yesterday”", reason: "the date is not YYYY-MM-DD"),
        ]
        report.unmappedMoods = [.init(name: "so-so", count: 1)]
        return report
    }

    @Test("every count, the table's rows for the kinds the file held, and the reasons, in English")
    func english() {
        let model = ImportPresenter.present(report, dryRun: true, localizer: Fixtures.localizer(.english))
        #expect(model.summary == "Would import 2 entries, 1 mood (nothing was written).")
        #expect(model.table.headings == ["Items", "Read", "Would import", "Skipped"])
        #expect(model.table.rows.map(\.label) == ["Entries", "Moods"])
        #expect(model.table.rows.map { [$0.read, $0.imported, $0.skipped] } == [[2, 2, 0], [3, 1, 2]])
        #expect(
            model.table.rows.map(\.skippedDetail) == [nil, "0 imported before, 1 with a problem, 1 already covered"])
        #expect(Set(model.counts.keys) == ["entries", "photos", "trackers", "values", "moods", "other"])
        #expect(model.counts["moods"]?.skipped == 2 && model.counts["photos"]?.read == 0)
        #expect(
            model.problems.map(\.reason) == [
                "the mood “so-so” has no Daybook level; give it one (so-so=1…5) and import again",
                "the date is not YYYY-MM-DD",
            ])
        #expect(model.problems.map(\.kind) == ["moods", "other"])
        #expect(model.unmappedMoods.map(\.label) == ["“so-so” – 1 row"])
    }

    @Test("the same report in Korean, Japanese and Chinese: headings, kinds, reasons with their arguments")
    func otherLanguages() {
        let expected: [(AppLanguage, [String], String, String)] = [
            (
                .korean, ["항목", "읽음", "가져올 예정", "건너뜀"], "기분",
                "기분 “so-so”에 Daybook 단계가 없습니다. 단계를 정하고(so-so=1…5) 다시 가져오세요"
            ),
            (
                .japanese, ["項目", "読み込み", "取り込み予定", "スキップ"], "気分",
                "気分「so-so」に Daybook の段階がありません。段階を決めて(so-so=1…5)もう一度取り込んでください"
            ),
            (.simplifiedChinese, ["项目", "读取", "将导入", "跳过"], "心情", "心情“so-so”没有对应的 Daybook 等级；请指定等级（so-so=1…5）后重新导入"),
        ]
        for (language, headings, moods, reason) in expected {
            let model = ImportPresenter.present(report, dryRun: true, localizer: Fixtures.localizer(language))
            #expect(model.table.headings == headings)
            #expect(model.table.rows.last?.label == moods)
            #expect(model.problems.first?.reason == reason)
            #expect(model.unmappedHint?.contains("daybook import --mood") == true)
        }
    }
}
