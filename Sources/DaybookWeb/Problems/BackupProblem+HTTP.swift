import DaybookCore
import DaybookFeatures
import HTTPTypes

/// A backup plan refused: 422, each field named with its reason, as the backups page's form shows it.
extension BackupPlan.Problem: SceneProblem {
    var status: HTTPResponse.Status { .unprocessableContent }

    var code: String { "invalidBackupPlan" }

    func message(_ localizer: Localizer) -> String {
        problems.count == 1
            ? BackupPresenter.message(for: problems.values.first!, localizer: localizer)
            : FieldProblemPresenter.summary(count: problems.count, localizer: localizer)
    }

    func fields(_ localizer: Localizer) -> [String: String]? {
        Dictionary(
            uniqueKeysWithValues: problems.map {
                ($0.key.rawValue, BackupPresenter.message(for: $0.value, localizer: localizer))
            })
    }
}

/// How backups answer each of their problems: one status and one code.
extension BackupsScene.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        // Nothing to lock a backup with yet: the plan as stored refuses it.
        case .notSet: .conflict
        case .unknownFile: .notFound
        }
    }

    var code: String {
        switch self {
        case .notSet: "backupNotSet"
        case .unknownFile: "notFound"
        }
    }

    func message(_ localizer: Localizer) -> String {
        BackupPresenter.message(for: self, localizer: localizer)
    }
}
