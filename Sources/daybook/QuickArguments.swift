import ArgumentParser

/// The arguments of a command read without ArgumentParser, when they are only positional arguments and long
/// options that take a value (`--limit 5`), each option at most once.
///
/// ArgumentParser reads a command by reflecting its properties, and every new type it meets makes the Swift
/// runtime search the program's 12,000 protocol conformances: about 2 ms of a `journal search` that takes
/// 9. The quickest commands (`journal search`, `focus status`) are read here first; anything else (`--help`,
/// `--name=value`, a flag, a missing value, `--`, an option given twice, a value that is not valid) makes this
/// give up, and ArgumentParser reads and explains the arguments as always.
struct QuickArguments {
    private(set) var options: [String: String] = [:]
    private(set) var positionals: [String] = []

    /// nil unless `arguments` are positionals (not starting with `-`) and `--name value` pairs with names from
    /// `names`.
    init?(_ arguments: [String], options names: Set<String>) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), case let name = String(argument.dropFirst(2)), names.contains(name),
                options[name] == nil, let value = rest.popFirst(), !value.hasPrefix("-")
            else { return nil }
            options[name] = value
        }
    }

    /// The option's value as `Value` reads it; nil when it is not valid (so the whole quick read gives up).
    func value<Value: ExpressibleByArgument>(_ name: String, default fallback: Value) -> Value? {
        guard let text = options[name] else { return fallback }
        return Value(argument: text)
    }
}

extension ServerOptions {
    static let quickOptionNames: Set<String> = ["server", "token"]

    /// The client for the `--server` and `--token` read by `QuickArguments`.
    static func client(_ arguments: QuickArguments) throws -> APIClient {
        try client(server: arguments.options["server"], token: arguments.options["token"])
    }
}

// The quick readers call what the commands' `run()` calls, without making the command itself: its
// ArgumentParser properties are generic types the runtime would check conformances for.

extension JournalCommand.Search {
    /// Runs `journal search` with simple arguments (see `QuickArguments`); nil for anything else.
    @Sendable static func quick(_ arguments: [String]) -> (@Sendable () async throws -> Void)? {
        guard
            let parsed = QuickArguments(
                arguments, options: ServerOptions.quickOptionNames.union(["tag", "limit", "format"])),
            parsed.positionals.count == 1, let limit = parsed.value("limit", default: defaultLimit),
            let format = parsed.value("format", default: defaultFormat)
        else { return nil }
        return {
            try await search(
                ServerOptions.client(parsed), query: parsed.positionals[0], tag: parsed.options["tag"], limit: limit,
                format: format)
        }
    }
}

extension FocusCommand.Status {
    /// Runs `focus status` with simple arguments (see `QuickArguments`); nil for anything else.
    @Sendable static func quick(_ arguments: [String]) -> (@Sendable () async throws -> Void)? {
        guard let parsed = QuickArguments(arguments, options: ServerOptions.quickOptionNames.union(["format"])),
            parsed.positionals.isEmpty, let format = parsed.value("format", default: defaultFormat)
        else { return nil }
        return { try await status(ServerOptions.client(parsed), format: format) }
    }
}
