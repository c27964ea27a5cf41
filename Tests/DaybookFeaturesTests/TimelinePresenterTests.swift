import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Timeline pages")
struct TimelinePresenterTests {
    let saturday = DayKey(string: "2026-11-21")!
    let english = Fixtures.localizer()
    let korean = Fixtures.localizer(.korean)

    var write: PlannedTask {
        PlannedTask(id: "w", title: "Write", day: saturday, start: TimeOfDay(string: "09:00"), durationMinutes: 90)
    }
    var run: PlannedTask {
        PlannedTask(
            id: "r", title: "Run", day: saturday, start: TimeOfDay(string: "07:00"), durationMinutes: 30,
            repeatRule: .daily)
    }
    var call: PlannedTask { PlannedTask(id: "c", title: "Call mum", day: saturday, isDone: true) }

    func day(_ tasks: [PlannedTask], focus: [String: Int] = [:], language: AppLanguage = .english)
        -> Timeline.Response
    {
        Timeline.Response(
            day: saturday, tasks: tasks, focusSecondsByTask: focus, now: .iso("2026-11-21T08:00:00+09:00"),
            settings: Fixtures.settings(language: language))
    }

    /// The problems `draft` is refused for; `nil` when it is fine.
    func problems(_ draft: TaskDraft) -> TaskValidationError? {
        do {
            _ = try draft.validated()
            return nil
        } catch {
            return error
        }
    }

    @Test("a day: its navigation, a row per block with the labels of its buttons, and an empty add form")
    func page() throws {
        let page = TimelinePresenter.presentPage(day([run, write, call]), localizer: english)
        #expect(page.title == "Timeline")
        #expect(page.timeline.dateLabel == "Saturday, November 21")
        #expect(page.previousHref == "/timeline?date=2026-11-20")
        #expect(page.nextHref == "/timeline?date=2026-11-22")
        #expect([page.labels.previous, page.labels.next] == ["Previous day", "Next day"])
        #expect(page.labels.addHeading == "Add a task")
        #expect(!page.isEmpty)
        #expect(page.hours.count == 24 && page.hours.first == "00:00" && page.hours.last == "23:00")
        #expect(page.undo == nil)

        #expect(page.rows.map(\.task.title) == ["Run", "Write"])
        let row = try #require(page.rows.last)
        #expect(row.startMinute == 540 && row.endMinute == 630)
        #expect(row.toggleLabel == "Mark “Write” done")
        #expect(row.deleteLabel == "Delete “Write”")
        #expect(row.editLabel == "Edit “Write”")
        #expect(row.editHref == "/timeline/tasks/w/edit?date=2026-11-21")
        #expect(row.doneValue == "1")
        #expect(row.deleteScope == "all")
        #expect(page.rows.first?.deleteScope == "this")
        #expect(page.anytimeRows.map(\.toggleLabel) == ["Mark “Call mum” not done"])
        #expect(page.anytimeRows.map(\.doneValue) == ["0"])

        let form = page.form
        #expect(form.action == "/timeline/tasks")
        #expect(form.hiddenDate == "2026-11-21")
        #expect(form.errorSummary == nil)
        #expect(form.submit == "Add")
        #expect(form.fields.map(\.id) == ["title", "start", "duration", "repeat", "days", "color", "notes"])
        #expect(form.fields.map(\.label).first == "Title")
        #expect(form.fields.map(\.value) == ["", "", "", "none", "", "teal", ""])
        #expect(form.fields.allSatisfy { $0.error == nil })
    }

    @Test("a refused task comes back in the add form with what was typed and why, in Korean")
    func refusedInKorean() throws {
        let typed = TaskDraft(
            title: "", date: "2026-11-21", start: "23:30", duration: "2h", repeatRule: "weekly:")
        let rejection = Timeline.Rejection(typed: typed, problems: try #require(problems(typed)))
        let page = TimelinePresenter.presentPage(
            day([], language: .korean), rejection: rejection, localizer: korean)
        #expect(page.title == "타임라인")
        #expect(page.labels.addHeading == "할 일 추가")
        #expect(page.isEmpty)
        let form = page.form
        #expect(form.errorSummary == "문제 3개를 고쳐 주세요. 아무것도 저장되지 않았어요.")
        let fields = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, $0) })
        #expect(fields["title"]?.label == "제목")
        #expect(fields["title"]?.error == "할 일의 제목을 적어 주세요.")
        #expect(fields["start"]?.value == "23:30")
        #expect(fields["duration"]?.error == "블록이 자정을 넘겨 끝나요. 더 일찍 시작하거나 짧게 해 주세요.")
        #expect(fields["repeat"]?.value == "weekly")
        #expect(fields["repeat"]?.error == "요일을 하나 이상 골라 주세요.")
        #expect(fields["days"]?.checkboxes.map(\.label) == ["월", "화", "수", "목", "금", "토", "일"])
        #expect(fields["days"]?.checkboxes.map(\.value) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    }

    @Test("after a delete the page offers an undo that says what went: the task, or one day of a series")
    func undo() {
        let task = TimelinePresenter.presentPage(
            day([]), undo: Timeline.Undoable(key: "w", deletion: .task(write)), localizer: english)
        #expect(task.undo?.key == "w")
        #expect(task.undo?.message == "“Write” deleted.")
        #expect(task.undo?.label == "Undo")
        let occurrence = TimelinePresenter.presentPage(
            day([], language: .korean),
            undo: Timeline.Undoable(key: "r@2026-11-21", deletion: .occurrence(run, saturday)), localizer: korean)
        #expect(occurrence.undo?.message == "이날에서 “Run”을(를) 뺐어요.")
        #expect(occurrence.undo?.label == "되돌리기")
    }

    @Test("editing a one-off task: its values, a date field, and one delete button")
    func editOneOff() {
        let page = TimelinePresenter.presentEditPage(write, on: day([write]), localizer: english)
        #expect(page.heading == "Edit task")
        #expect(page.taskTitle == "Write")
        #expect(page.backHref == "/timeline?date=2026-11-21")
        #expect(page.cancel == "Cancel")
        #expect(page.form.action == "/timeline/tasks/w")
        #expect(page.form.hiddenDate == nil)
        #expect(page.form.submit == "Save changes")
        #expect(page.form.scope == nil)
        #expect(
            page.form.fields.map(\.id) == ["title", "date", "start", "duration", "repeat", "days", "color", "notes"])
        #expect(page.form.fields.map(\.value).prefix(4) == ["Write", "2026-11-21", "09:00", "90"])
        #expect(page.form.fields[1].label == "Date")
        #expect(page.form.fields[4].options.filter(\.isSelected).map(\.label) == ["Does not repeat"])
        #expect(page.deletes.map(\.scope) == ["all"])
        #expect(page.deletes.map(\.label) == ["Delete task"])
    }

    @Test("editing a repeating task, in Korean, asks which days the change is for and offers two deletes")
    func editRepeatingInKorean() {
        let page = TimelinePresenter.presentEditPage(
            run, on: day([run], language: .korean), scope: .future, localizer: korean)
        #expect(page.heading == "할 일 고치기")
        #expect(!page.form.fields.map(\.id).contains("date"))
        #expect(page.form.scope?.legend == "반복되는 할 일이에요. 어디에 적용할까요?")
        #expect(page.form.scope?.options.map(\.label) == ["반복 전체", "이날만", "이날부터 이후 모두"])
        #expect(page.form.scope?.options.filter(\.isSelected).map(\.value) == ["future"])
        #expect(page.deletes.map(\.scope) == ["this", "all"])
        #expect(page.deletes.map(\.label) == ["이날만 삭제", "반복 전체 삭제"])
    }

    @Test("a refused edit keeps what was typed, with the date's problem beside the date field")
    func editRefused() throws {
        let typed = TaskDraft(title: "Write", date: "2026-02-30", start: "09:00", duration: "90")
        let page = TimelinePresenter.presentEditPage(
            write, on: day([write]),
            rejection: Timeline.Rejection(typed: typed, problems: try #require(problems(typed))),
            localizer: english)
        #expect(page.form.errorSummary == "Please fix 1 problem. Nothing was saved.")
        #expect(page.form.fields[1].value == "2026-02-30")
        #expect(page.form.fields[1].error == "Enter a date like 2026-11-21.")
    }

    @Test("each refusal of a task request has its own sentence, in the person's language")
    func messages() throws {
        func message(_ problem: Timeline.Problem, _ localizer: Localizer) -> String {
            TimelinePresenter.message(for: problem, localizer: localizer)
        }
        #expect(message(.unknownTask, english) == "There is no such task.")
        #expect(message(.invalidDate, english) == "Enter a date like 2026-11-21.")
        #expect(message(.notOnThatDay, english) == "This task doesn't happen on that day.")
        #expect(message(.unknownScope, english) == "Say which days the change is for: all, this or future.")
        let invalid = try #require(problems(TaskDraft(title: "", date: "2026-11-21", start: "25:00")))
        #expect(message(.invalid(invalid), english) == "Please fix 2 problems. Nothing was saved.")
        #expect(message(.unknownTask, korean) == "그런 할 일은 없어요.")
        #expect(message(.notOnThatDay, korean) == "그날에는 없는 할 일이에요.")
    }

    @Test("a changed task's row sits beside the block it overlaps and shows its focus time")
    func rowOnItsDay() {
        let standup = PlannedTask(
            id: "s", title: "Standup", day: saturday, start: TimeOfDay(string: "09:30"), durationMinutes: 15)
        let row = TimelinePresenter.row(standup, in: day([write, standup], focus: ["s": 600]), localizer: english)
        #expect(row.timeLabel == "09:30–09:45")
        #expect(row.column == 1 && row.columns == 2)
        #expect(row.focusLabel == "10 min focused")
    }
}
