import ArgumentParser
import DaybookCore

@main
struct Daybook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "A private focus journal: plan the day, focus, look back, and keep a journal.",
        discussion: "Without a subcommand, Daybook serves the web app on http://127.0.0.1:8080.",
        version: BuildInfo.version,
        subcommands: [
            Serve.self, FocusCommand.self, TaskCommand.self, SettingsCommand.self, PassphraseCommand.self,
            DemoCommand.self, SoundsCommand.self, StatsCommand.self, LogCommand.self, ExportCommand.self,
            JournalCommand.self,
            PhotoCommand.self, TrackCommand.self, StatusCommand.self, BackupCommand.self, ImportCommand.self,
            CheckCommand.self, PairCommand.self, TokenCommand.self, MigrateCommand.self, UpgradeCheckCommand.self,
            UpgradeUndoCommand.self,
        ],
        defaultSubcommand: Serve.self)
}
