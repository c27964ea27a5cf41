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
    /// 3 ms of a `daybook journal search` that takes 10. So a command named in full is read on its own first:
    /// by `QuickArguments` for the quickest commands, else by ArgumentParser with that command as the root.
    /// Whatever that does not accept (a mistake, `--help`, `--version`) is parsed again the usual way, so every
    /// message and help screen names the whole command as before.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let (command, rest) = leaf(named: arguments) else {
            await main(arguments)
            return
        }
        let quick = quickCommands[ObjectIdentifier(command)]
        if let run = quick?.read(rest) {
            await onMainThread(run)
            return
        }
        // A help request parses as ArgumentParser's own help command, which would name the leaf alone.
        guard let parsed = try? command.parseAsRoot(rest), type(of: parsed) == command else {
            await main(arguments)
            return
        }
        nonisolated(unsafe) let leaf = parsed
        let run: @Sendable () async throws -> Void = { try await Self.run(leaf) }
        if quick != nil {
            await onMainThread(run)
        } else {
            await report(run)
        }
    }

    /// A command that asks a running Daybook for something and prints it, often from scripts and status bars.
    struct QuickCommand: Sendable {
        /// Reads simple arguments without ArgumentParser (`QuickArguments`); nil when it gives up or the
        /// command has no such reader.
        var read: @Sendable ([String]) -> (@Sendable () async throws -> Void)? = { _ in nil }
    }

    /// The quick commands, by identity (a protocol conformance check would cost a search of every conformance
    /// in the program). They run on the main thread, as starting the concurrency runtime's worker threads
    /// takes longer than their one or two requests.
    static let quickCommands: [ObjectIdentifier: QuickCommand] = [
        ObjectIdentifier(JournalCommand.Search.self): QuickCommand(read: JournalCommand.Search.quick),
        ObjectIdentifier(FocusCommand.Status.self): QuickCommand(read: FocusCommand.Status.quick),
        ObjectIdentifier(JournalCommand.List.self): QuickCommand(),
        ObjectIdentifier(JournalCommand.Show.self): QuickCommand(),
        ObjectIdentifier(StatusCommand.self): QuickCommand(), ObjectIdentifier(TaskCommand.List.self): QuickCommand(),
        ObjectIdentifier(TrackCommand.List.self): QuickCommand(),
        ObjectIdentifier(SettingsCommand.Show.self): QuickCommand(),
        ObjectIdentifier(StatsCommand.self): QuickCommand(),
    ]

    private static func onMainThread(_ run: @escaping @Sendable () async throws -> Void) async {
        await withTaskExecutorPreference(MainThreadExecutor()) { await report(run) }
    }

    /// Runs a command, its errors reported as ArgumentParser's `main` reports them.
    private static func report(_ run: @Sendable () async throws -> Void) async {
        do {
            try await run()
        } catch {
            exit(withError: error)
        }
    }

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

    /// Runs a command ArgumentParser parsed.
    private static func run(_ parsed: ParsableCommand) async throws {
        var command = parsed
        if var asynchronous = command as? AsyncParsableCommand {
            try await asynchronous.run()
        } else {
            try command.run()
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
