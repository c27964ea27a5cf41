import ArgumentParser
import Foundation

/// The arguments of a command read without ArgumentParser, when they are only positional arguments and long
/// options that take a value (`--limit 5`), each option at most once.
///
/// ArgumentParser reads a command by reflecting its properties, and every new type it meets makes the Swift
/// runtime search the program's 12,000 protocol conformances: about 2 ms of a `journal search` that takes
/// 9. The quickest commands (`journal search`, `focus status`) are read here first; anything else (`--help`,
/// `--name=value`, a flag, a missing value, `--`, an option given twice, a value that is not valid) makes this
/// give up, and ArgumentParser reads and explains the arguments as always.
///
/// Plain arrays, not sets or dictionaries: a command's first `Set<String>` costs more than all its arguments.
struct QuickArguments {
    private var options: [(name: String, value: String)] = []
    private(set) var positionals: [String] = []

    /// nil unless `arguments` are positionals (not starting with `-`) and `--name value` pairs with names from
    /// `names`.
    init?(_ arguments: [String], options names: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), case let name = String(argument.dropFirst(2)), names.contains(name),
                self[name] == nil, let value = rest.popFirst(), !value.hasPrefix("-")
            else { return nil }
            options.append((name, value))
        }
    }

    /// The value given for `--name`.
    subscript(name: String) -> String? {
        options.first { $0.name == name }?.value
    }

    /// The option's value as `Value` reads it; nil when it is not valid (so the whole quick read gives up).
    func value<Value: ExpressibleByArgument>(_ name: String, default fallback: Value) -> Value? {
        guard let text = self[name] else { return fallback }
        return Value(argument: text)
    }
}

/// A command `Program` runs without ArgumentParser or Swift concurrency: its arguments read by
/// `QuickArguments`, one blocking request to an `http://` server, its answer printed.
enum QuickCommand {
    /// The quick command `arguments` name, ready to run; nil when they name another command, or arguments
    /// `QuickArguments` does not take, or an `https://` server: ArgumentParser reads those.
    static func reading(_ arguments: [String]) -> (() throws -> Void)? {
        guard arguments.count >= 2 else { return nil }
        let rest = Array(arguments.dropFirst(2))
        switch (arguments[0], arguments[1]) {
        case ("journal", "search"): return JournalCommand.Search.quick(rest)
        case ("focus", "status"): return FocusCommand.Status.quick(rest)
        default: return nil
        }
    }

    /// The plain `http://` server `--server` names (else `DAYBOOK_URL`, else this computer), with the
    /// `--token` (else `DAYBOOK_TOKEN`); nil for any other address, which ArgumentParser's path explains or
    /// reaches.
    struct Server {
        var address: String
        var plain: PlainHTTP
        var token: String?

        init?(_ arguments: QuickArguments) {
            address = ServerOptions.address(arguments["server"])
            guard let plain = PlainHTTP(address: address, seconds: 30) else { return nil }
            self.plain = plain
            token = ServerOptions.token(arguments["token"])
        }

        /// `APIClient.send("GET", path)` over the plain socket.
        func get(_ path: String) throws -> Data {
            try APIClient.exchange(plain, "GET", target: "/" + path, token: token, server: address)
        }
    }

    static let serverOptionNames = ["server", "token"]
}

// The quick readers call what the commands' `run()` calls, without making the command itself: its
// ArgumentParser properties are generic types the runtime would check conformances for.

extension JournalCommand.Search {
    static func quick(_ arguments: [String]) -> (() throws -> Void)? {
        guard
            let parsed = QuickArguments(
                arguments, options: QuickCommand.serverOptionNames + ["tag", "limit", "format"]),
            parsed.positionals.count == 1, let limit = parsed.value("limit", default: defaultLimit),
            let format = parsed.value("format", default: defaultFormat), let server = QuickCommand.Server(parsed)
        else { return nil }
        let path = path(query: parsed.positionals[0], tag: parsed["tag"], limit: limit)
        return { try show(server.get(path), format: format) }
    }
}

extension FocusCommand.Status {
    static func quick(_ arguments: [String]) -> (() throws -> Void)? {
        guard let parsed = QuickArguments(arguments, options: QuickCommand.serverOptionNames + ["format"]),
            parsed.positionals.isEmpty, let format = parsed.value("format", default: defaultFormat),
            let server = QuickCommand.Server(parsed)
        else { return nil }
        return { print(try FocusCommand.render(server.get(path), format: format)) }
    }
}
