import ArgumentParser
import DaybookCore
import Dispatch

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
        ],
        defaultSubcommand: Serve.self)

    /// Runs the command the arguments name.
    ///
    /// ArgumentParser builds the whole tree of commands and reflects each command on the way down to the one
    /// named (the Swift runtime searching the program's 12,000 protocol conformances for each new type), about
    /// 3 ms of a `daybook journal search` that takes 10. So a command named in full is parsed on its own first.
    /// Whatever that parse does not accept (a mistake, `--help`, `--version`) is parsed again the usual way,
    /// so every message and help screen names the whole command as before.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A help request parses as ArgumentParser's own help command, which would name the leaf alone.
        guard let (command, rest) = leaf(named: arguments), let parsed = try? command.parseAsRoot(rest),
            type(of: parsed) == command
        else {
            await main(arguments)
            return
        }
        guard quickCommands.contains(ObjectIdentifier(command)) else {
            await run(parsed)
            return
        }
        nonisolated(unsafe) let quick = parsed
        await withTaskExecutorPreference(MainThreadExecutor()) { await run(quick) }
    }

    /// Commands that ask a running Daybook for something and print it, often from scripts and status bars:
    /// they run on the main thread, as starting the concurrency runtime's worker threads takes longer than
    /// their one or two requests. (Compared by identity: a protocol conformance check here would cost a
    /// search of every conformance in the program.)
    static let quickCommands: Set<ObjectIdentifier> = [
        ObjectIdentifier(JournalCommand.Search.self), ObjectIdentifier(JournalCommand.List.self),
        ObjectIdentifier(JournalCommand.Show.self), ObjectIdentifier(FocusCommand.Status.self),
        ObjectIdentifier(StatusCommand.self), ObjectIdentifier(TaskCommand.List.self),
        ObjectIdentifier(TrackCommand.List.self), ObjectIdentifier(SettingsCommand.Show.self),
        ObjectIdentifier(StatsCommand.self),
    ]

    /// The command without subcommands that the leading arguments name, and the arguments after its name.
    static func leaf(named arguments: [String]) -> (command: ParsableCommand.Type, rest: [String])? {
        var command: ParsableCommand.Type = Daybook.self
        var rest = arguments[...]
        while let name = rest.first,
            let named = command.configuration.subcommands.first(where: { $0.configuration.commandName == name })
        {
            command = named
            rest = rest.dropFirst()
        }
        guard rest.count < arguments.count, command.configuration.subcommands.isEmpty else { return nil }
        return (command, Array(rest))
    }

    /// Runs a parsed command as ArgumentParser's `main` does, errors reported the same way.
    private static func run(_ parsed: ParsableCommand) async {
        var command = parsed
        do {
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// Runs a task's jobs on the main thread: `main` waits in the main dispatch queue while it is suspended.
final class MainThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
