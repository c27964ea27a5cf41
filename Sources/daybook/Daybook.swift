import ArgumentParser
import DaybookCore
import Dispatch

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

    /// Runs the command the arguments name (after `Program` found no quick command in them).
    ///
    /// ArgumentParser builds the whole tree of commands and reflects each command on the way down to the one
    /// named (the Swift runtime searching the program's 12,000 protocol conformances for each new type), about
    /// 3 ms of a client command that takes 10. So a command named in full is parsed on its own first, with
    /// that command as the root. Whatever that does not accept (a mistake, `--help`, `--version`) is parsed
    /// again the usual way, so every message and help screen names the whole command as before.
    static func start(_ arguments: [String]) async {
        guard let (command, rest) = leaf(named: arguments) else {
            await main(arguments)
            return
        }
        // A help request parses as ArgumentParser's own help command, which would name the leaf alone.
        guard let parsed = try? command.parseAsRoot(rest), type(of: parsed) == command else {
            await main(arguments)
            return
        }
        nonisolated(unsafe) let leaf = parsed
        let run: @Sendable () async throws -> Void = { try await Self.run(leaf) }
        if onMainQueue.contains(ObjectIdentifier(command)) {
            await withTaskExecutorPreference(MainQueueExecutor()) { await report(run) }
        } else {
            await report(run)
        }
    }

    /// Commands that ask a running Daybook for something and print it: they run on the main queue, as
    /// starting the concurrency runtime's own worker threads takes longer than their one or two requests.
    /// Found by identity, as a protocol conformance check would search every conformance in the program.
    static let onMainQueue = [
        ObjectIdentifier(JournalCommand.Search.self), ObjectIdentifier(FocusCommand.Status.self),
        ObjectIdentifier(JournalCommand.List.self), ObjectIdentifier(JournalCommand.Show.self),
        ObjectIdentifier(StatusCommand.self), ObjectIdentifier(TaskCommand.List.self),
        ObjectIdentifier(TrackCommand.List.self), ObjectIdentifier(SettingsCommand.Show.self),
        ObjectIdentifier(StatsCommand.self),
    ]

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

/// Runs a task's jobs on the main dispatch queue, which `Program` drains.
final class MainQueueExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
