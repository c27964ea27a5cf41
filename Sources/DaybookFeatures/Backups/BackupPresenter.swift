import DaybookCore
import Foundation

public enum BackupPresenter {
    /// The page; after a refused form it shows why (the passphrase is never shown back).
    public static func present(
        _ response: BackupsScene.Response, typed: BackupPlanChange? = nil,
        problems: [BackupPlanField: BackupPlanProblem] = [:], flash: String? = nil, localizer: Localizer
    ) -> BackupsScene.ViewModel {
        let plan = response.plan
        func error(_ field: BackupPlanField) -> String? {
            problems[field].map { message(for: $0, localizer: localizer) }
        }
        let lockState =
            !plan.passphrase.isEmpty
            ? localizer("backups.lock.passphrase")
            : plan.recipients.isEmpty
                ? localizer("backups.lock.none") : localizer.plural("backups.lock.keys", count: plan.recipients.count)
        return BackupsScene.ViewModel(
            title: localizer("backups.title"), lead: localizer("backups.lead"),
            state: state(response, localizer: localizer),
            lockHeading: localizer("backups.lock"), lockState: lockState,
            passphraseLabel: localizer(plan.passphrase.isEmpty ? "backups.passphrase" : "backups.passphrase.change"),
            passphraseHint: localizer(
                "backups.passphrase.hint", localizer.number(BackupPlan.Limits.shortestPassphrase)),
            passphraseError: error(.passphrase),
            recipients: FormField(
                id: "recipients", label: localizer("backups.recipients"),
                value: typed?.recipients ?? plan.recipients.joined(separator: "\n"),
                hint: localizer("backups.recipients.hint"), error: error(.recipients), maxLength: 2_000,
                isTextArea: true),
            secondFolder: FormField(
                id: "secondFolder", label: localizer("backups.secondFolder"),
                value: typed?.secondFolder ?? plan.secondFolder, hint: localizer("backups.secondFolder.hint"),
                error: error(.secondFolder), maxLength: BackupPlan.Limits.folderLength),
            stopLabel: plan.isConfigured ? localizer("backups.stop") : nil,
            saveLabel: localizer("settings.save"), backLabel: localizer("nav.settings"),
            filesHeading: localizer("backups.files"),
            files: response.files.map { file in
                BackupsScene.FileRow(
                    name: file.name, when: localizer.longDate(file.date) + " " + localizer.time(file.date),
                    size: megabytes(file.size, localizer: localizer), href: "/settings/backups/files/\(file.name)")
            },
            noFiles: response.files.isEmpty ? localizer("backups.files.none") : nil,
            exportHeading: localizer("backups.export"), exportHint: localizer("backups.export.hint"),
            exportLabel: localizer("backups.export.link"),
            importing: BackupsScene.Importing(
                heading: localizer("import.heading"), hint: localizer("import.hint"),
                sourceLabel: localizer("import.source"),
                sources: [
                    ("dayone", "Day One"), ("jrnl", "jrnl"), ("loop", "Loop Habit Tracker"), ("daylio", "Daylio"),
                    ("daybook", "Daybook"), ("markdown", localizer("import.source.notes")),
                ]
                .map { FormOption(value: $0.0, label: $0.1, isSelected: $0.0 == "dayone") },
                fileLabel: localizer("import.file"), dryRunLabel: localizer("import.dryRun"),
                runLabel: localizer("import.run"), runningLabel: localizer("import.running"),
                chooseFileLabel: localizer("import.chooseFile"), problemsLabel: localizer("import.problems"),
                moodsLabel: localizer("import.moods"), moodsHint: localizer("import.moods.hint")),
            restoreHeading: localizer("backups.restore"),
            restoreHint: localizer("backups.restore.hint"),
            restoreCommand: "daybook backup restore FILE",
            check: check(response.check, localizer: localizer),
            upgrades: upgrades(response, localizer: localizer),
            error: problems.isEmpty ? nil : FieldProblemPresenter.summary(count: problems.count, localizer: localizer),
            flash: flash)
    }

    /// The status card: running with its progress, or the last result.
    public static func state(_ response: BackupsScene.Response, localizer: Localizer) -> BackupsScene.State {
        let status = response.status
        var summary = localizer("backups.never")
        if let at = status.lastSuccessAt {
            summary = localizer(
                "backups.last", localizer.longDate(at) + " " + localizer.time(at),
                megabytes(status.lastSize ?? 0, localizer: localizer))
        }
        let failure = status.currentFailure.map { reason in
            localizer(
                "backups.failed", status.lastFailureAt.map { localizer.longDate($0) + " " + localizer.time($0) } ?? "",
                reason == DiskFull().description ? localizer("backups.diskFull") : reason)
        }
        let percent = response.progress.map { $0.total > 0 ? Int(100 * $0.done / $0.total) : 0 } ?? 0
        return BackupsScene.State(
            running: response.progress != nil, percent: percent,
            progressLabel: localizer("backups.running", localizer.percent(Double(percent) / 100)), summary: summary,
            failure: failure, runLabel: localizer("backups.run"),
            canRun: response.plan.isConfigured && response.progress == nil)
    }

    /// The self-check card: never run, all well, or which parts have problems.
    public static func check(_ report: CheckReport?, localizer: Localizer) -> BackupsScene.Check {
        var summary = localizer("backups.check.never")
        if let report {
            let when = localizer.longDate(report.checkedAt) + " " + localizer.time(report.checkedAt)
            summary =
                report.isClean
                ? localizer("backups.check.clean", when)
                : localizer(
                    "backups.check.problems", when,
                    report.problems.map { localizer("backups.check.part.\($0.rawValue)") }
                        .joined(separator: localizer("import.separator")))
        }
        return BackupsScene.Check(
            heading: localizer("backups.check"), summary: summary, isClean: report?.isClean ?? true,
            hint: localizer("backups.check.hint"), command: "daybook check --repair")
    }

    /// The copies taken before upgrades: where they are, which step each was taken before, and the way back.
    static func upgrades(_ response: BackupsScene.Response, localizer: Localizer) -> BackupsScene.Upgrades {
        BackupsScene.Upgrades(
            heading: localizer("backups.upgrades"), hint: localizer("backups.upgrades.hint", response.upgradeFolder),
            copies: response.upgradeCopies.map { copy in
                // daybook-before-25-20261128T201500Z.sqlite: taken before the 26th step.
                let step = copy.name.split(separator: "-").dropFirst(2).first.flatMap { Int($0) }.map { $0 + 1 }
                return BackupsScene.UpgradeCopyRow(
                    name: copy.name,
                    label: localizer(
                        "backups.upgrades.row", step.map { localizer.number($0) } ?? "?",
                        localizer.longDate(copy.date) + " " + localizer.time(copy.date)),
                    size: megabytes(copy.size, localizer: localizer))
            },
            none: response.upgradeCopies.isEmpty ? localizer("backups.upgrades.none") : nil,
            command: "daybook upgrade-undo")
    }

    public static func message(for problem: BackupsScene.Problem, localizer: Localizer) -> String {
        switch problem {
        case .notSet: localizer("backups.error.notSet")
        case .unknownFile: localizer("backups.error.unknownFile")
        }
    }

    public static func message(for problem: BackupPlanProblem, localizer: Localizer) -> String {
        switch problem {
        case .shortPassphrase:
            localizer("backups.error.short", localizer.number(BackupPlan.Limits.shortestPassphrase))
        case .longPassphrase: localizer("backups.error.long", localizer.number(BackupPlan.Limits.longestPassphrase))
        case .both: localizer("backups.error.both")
        case .tooManyRecipients:
            localizer("backups.error.tooMany", localizer.number(BackupPlan.Limits.mostRecipients))
        case .notARecipient(let text): localizer("backups.error.recipient", text)
        case .notAnAbsoluteFolder: localizer("backups.error.folder")
        }
    }

    static func megabytes(_ bytes: Int64, localizer: Localizer) -> String {
        localizer("backups.megabytes", localizer.decimal(Double(bytes) / 1_000_000, digits: 1))
    }
}
