import DaybookCore
import Foundation
import Testing

@Suite("Backup rules: the plan, when a backup is due, which are kept")
struct BackupRulesTests {
    let calendar = Calendar.gregorian(in: TimeZone(identifier: "Asia/Seoul")!)

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("a backup a day for 60 days keeps the last 7 days and the newest of the last 4 weeks")
    func retention() {
        let start = date("2026-09-01T04:00:00+09:00")
        let dates = (0..<60).map { start.addingTimeInterval(Double($0) * 86_400) }
        let kept = BackupSchedule.kept(dates + [dates[59].addingTimeInterval(-3600)], calendar: calendar)
        let newest = dates.suffix(7)
        #expect(Set(newest).isSubset(of: kept))
        // Of the two backups of the last day only the newer is kept
        #expect(!kept.contains(dates[59].addingTimeInterval(-3600)))
        #expect(kept.count <= 11 && kept.count >= 8)
        #expect(kept.allSatisfy { $0 >= dates[59].addingTimeInterval(-5 * 7 * 86_400) })
    }

    @Test("due once a day in the owner's time zone, and an hour after a failure")
    func due() {
        let now = date("2026-11-21T08:30:00+09:00")
        #expect(BackupSchedule.isDue(BackupStatus(), now: now, calendar: calendar))
        #expect(
            !BackupSchedule.isDue(
                BackupStatus(lastSuccessAt: date("2026-11-21T00:10:00+09:00")), now: now, calendar: calendar))
        #expect(
            BackupSchedule.isDue(
                BackupStatus(lastSuccessAt: date("2026-11-20T23:50:00+09:00")), now: now, calendar: calendar))
        let failed = BackupStatus(lastFailureAt: now.addingTimeInterval(-600), lastFailure: "disk full")
        #expect(!BackupSchedule.isDue(failed, now: now, calendar: calendar))
        #expect(BackupSchedule.isDue(failed, now: now.addingTimeInterval(3600), calendar: calendar))
    }

    @Test("a passphrase and keys exclude each other; bad keys, short passphrases and relative folders are refused")
    func plan() throws {
        let key = "age1" + String(repeating: "q", count: 58)
        var plan = try BackupPlanChange(passphrase: "long enough").applied(to: BackupPlan())
        #expect(plan.passphrase == "long enough" && plan.isConfigured)
        plan = try BackupPlanChange(passphrase: "", recipients: "\(key)\n\n").applied(to: plan)
        #expect(plan.passphrase.isEmpty && plan.recipients == [key])
        #expect(try BackupPlanChange(stop: true).applied(to: plan) == BackupPlan())
        let refusals: [(BackupPlanChange, BackupPlanField)] = [
            (.init(passphrase: "short"), .passphrase),
            (.init(passphrase: "long enough", recipients: key), .recipients),
            (.init(recipients: "age1nope"), .recipients),
            (.init(secondFolder: "relative/folder"), .secondFolder),
        ]
        for (change, field) in refusals {
            #expect(throws: BackupPlan.Problem.self) { try change.applied(to: plan) }
            #expect((try? change.applied(to: plan)) == nil)
            do { _ = try change.applied(to: plan) } catch let error as BackupPlan.Problem {
                #expect(error.problems[field] != nil)
            }
        }
    }
}
