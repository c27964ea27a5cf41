import ArgumentParser
import DaybookDataFolder
import Foundation

/// `--data-dir`, else `DAYBOOK_DATA_DIR`, else `$XDG_DATA_HOME/daybook` or `~/.local/share/daybook`.
struct DataFolderOption: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "The data folder (env: DAYBOOK_DATA_DIR).")
    var dataDir: String?

    var url: URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = dataDir ?? environment["DAYBOOK_DATA_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        }
        return AppConfiguration.defaultDataFolder(environment: environment)
    }
}
