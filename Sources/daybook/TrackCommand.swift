import ArgumentParser
import DaybookCore
import Foundation

struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track", abstract: "Keep trackers on a running Daybook: list them, add one, note a day's value.",
        discussion: """
            Examples:
              daybook track add Water --kind number --unit litres --at-least 2
              daybook track add Tea --kind number --unit-label cups
              daybook track add Run --frequency 3/week --note "Did you run today?"
              daybook track set Water 1.5
              daybook track set Reading 1h30m --date 2026-11-20
              daybook track toggle Meditate
            """,
        subcommands: [List.self, Add.self, Set.self, Toggle.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the trackers with today's values.")
        @OptionGroup var server: ServerOptions
        @Flag(help: "Print the API's JSON.") var json = false

        func run() async throws {
            let data = try await perform { try await server.client().send("GET", "api/v1/trackers") }
            if json {
                FileHandle.standardOutput.write(data)
                print()
                return
            }
            let trackers =
                (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["trackers"]
                as? [[String: Any]] ?? []
            if trackers.isEmpty { print("No trackers yet. Add one: daybook track add NAME --kind boolean") }
            for tracker in trackers {
                let today = tracker["today"] as? [String: Any]
                let archived = tracker["archived"] as? Bool == true
                let mark = archived ? " " : (today?["met"] as? Bool == true ? "✓" : "·")
                let streak = tracker["currentStreak"] as? Int ?? 0
                let strength = Int(((tracker["strength"] as? Double) ?? 0) * 100)
                var line = "\(mark) \(tracker["name"] as? String ?? "")"
                line += archived ? "  (archived)" : "  \(today?["label"] as? String ?? "")"
                if let frequency = (tracker["frequency"] as? [String: Any])?["label"] as? String {
                    line += "  \(frequency)"
                }
                line += "  streak \(streak)  strength \(strength)%"
                print(line)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a tracker.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "Its name.") var name: String
        @Option(help: "number, boolean, rating or duration.") var kind: TrackerKind = .boolean
        @Option(help: "For a number: \(CanonicalUnit.names.joined(separator: ", ")) (with --unit-label).")
        var unit: String?
        @Option(help: "For a unit of your own: its label, e.g. glasses.") var unitLabel: String?
        @Option(help: "For money: the currency code, e.g. EUR.") var currency: String?
        @Option(help: "A daily target to reach (minutes or 1h30m for a duration).") var atLeast: String?
        @Option(help: "A daily target not to pass.") var atMost: String?
        @Option(help: "A colour: teal, blue, purple, rose, orange, amber, green, slate or #rrggbb.") var color: String?
        @Option(help: "How often: daily (the default), 3/week, 5/month, every-2-days, or 2/3 for 2 times in 3 days.")
        var frequency: String?
        @Option(help: "A question or description shown on the tracker's page.") var note: String?

        func validate() throws {
            if atLeast != nil, atMost != nil { throw ValidationError("Use either --at-least or --at-most.") }
            if let unit, unit.lowercased() != CanonicalUnit.customName, CanonicalUnit(typed: unit) == nil {
                throw ValidationError(
                    "\(unit) is not a unit. Use one of: \(CanonicalUnit.names.joined(separator: ", ")).")
            }
            if let frequency {
                do throws(TrackerFrequency.Problem) {
                    _ = try TrackerFrequency(text: frequency)
                } catch {
                    let what = error == .outOfRange ? "has a count out of range" : "is not a frequency"
                    throw ValidationError("\(frequency) \(what). Use one of: \(TrackerFrequency.textForms).")
                }
            }
        }

        func run() async throws {
            var body: [String: Any] = ["name": name, "kind": kind.rawValue]
            if let unit, let canonical = CanonicalUnit(typed: unit) {
                body["unit"] = canonical.rawValue
                if canonical == .currency, let currency { body["unitLabel"] = currency }
            } else if unit != nil || unitLabel != nil {
                body["unit"] = CanonicalUnit.customName
                if let unitLabel { body["unitLabel"] = unitLabel }
            } else if let currency {
                body["unit"] = CanonicalUnit.currency.rawValue
                body["unitLabel"] = currency
            }
            if let target = atLeast ?? atMost {
                guard let value = Self.targetValue(target, kind: kind) else {
                    throw ValidationError("\(target) is not a target for a \(kind.rawValue) tracker.")
                }
                body["target"] = ["comparison": atLeast != nil ? "atLeast" : "atMost", "value": value]
            }
            if let color { body["color"] = color }
            // Sent as the API writes it, so "3 / Week" and "every 2 days" read the same.
            if let frequency, let parsed = try? TrackerFrequency(text: frequency) { body["frequency"] = parsed.text }
            if let note { body["note"] = note }
            let data = try await perform { try await server.client().send("POST", "api/v1/trackers", json: body) }
            let tracker = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            print("Added \(tracker["name"] as? String ?? name) (\(kind.rawValue)).")
        }

        static func targetValue(_ text: String, kind: TrackerKind) -> Double? {
            if kind == .duration { return DurationText.minutes(from: text).map(Double.init) }
            return Double(text.replacingOccurrences(of: ",", with: "."))
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Note a day's value: a number, done/not-done, 1–5, or a duration like 1h30m; - clears it.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The tracker's name.") var name: String
        @Argument(help: "The value.") var value: String
        @Option(help: "Day, YYYY-MM-DD (default today).") var date: String?

        func run() async throws {
            let client = try server.client()
            let tracker = try await TrackCommand.find(name, client: client, command: self)
            let kind = TrackerKind(rawValue: tracker["kind"] as? String ?? "") ?? .number
            let json: Any
            if ["-", "clear", "none"].contains(value.lowercased()) {
                json = NSNull()
            } else {
                switch kind {
                case .boolean:
                    switch value.lowercased() {
                    case "1", "true", "yes", "done", "y", "on": json = true
                    case "0", "false", "no", "not-done", "n", "off": json = false
                    default: throw ValidationError("\(value) is not done or not-done.")
                    }
                case .duration:
                    guard let minutes = DurationText.minutes(from: value) else {
                        throw ValidationError("\(value) is not a length of time like 45, 45m or 1h30m.")
                    }
                    json = minutes
                case .number, .rating:
                    guard let number = Double(value.replacingOccurrences(of: ",", with: ".")) else {
                        throw ValidationError("\(value) is not a number.")
                    }
                    json = number
                }
            }
            let id = tracker["id"] as? String ?? ""
            let data = try await perform {
                try await client.send("PUT", "api/v1/trackers/\(id)/values/\(date ?? "today")", json: ["value": json])
            }
            let saved = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            print(
                "\(tracker["name"] as? String ?? name) on \(saved["date"] as? String ?? ""): \(saved["label"] as? String ?? "")"
            )
        }
    }

    struct Toggle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "toggle", abstract: "Tick a yes/no tracker off for today, or undo it.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The tracker's name.") var name: String

        func run() async throws {
            let client = try server.client()
            let tracker = try await TrackCommand.find(name, client: client, command: self)
            let id = tracker["id"] as? String ?? ""
            guard tracker["kind"] as? String == "boolean" else {
                throw ValidationError(
                    "\(tracker["name"] as? String ?? name) is not a yes/no tracker: use daybook track set.")
            }
            // The value it is to have (the opposite of today's as just read), never a flip: sent twice, still one change.
            let done = ((tracker["today"] as? [String: Any])?["value"] as? Double ?? 0) >= 1
            let data = try await perform {
                try await client.send("PUT", "api/v1/trackers/\(id)/values/today", json: ["value": !done])
            }
            let saved = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            print("\(tracker["name"] as? String ?? name): \(saved["label"] as? String ?? "")")
        }
    }

    /// The tracker named `name` (ignoring case) or with that id.
    static func find(_ name: String, client: APIClient, command: some AsyncParsableCommand) async throws
        -> [String: Any]
    {
        let data = try await command.perform { try await client.send("GET", "api/v1/trackers") }
        let trackers =
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["trackers"]
            as? [[String: Any]] ?? []
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard
            let tracker = trackers.first(where: { $0["id"] as? String == name })
                ?? trackers.first(where: { ($0["name"] as? String)?.lowercased() == key })
        else {
            let names = trackers.compactMap { $0["name"] as? String }
            throw ValidationError(
                "There is no tracker named \(name)."
                    + (names.isEmpty ? "" : " Trackers: \(names.joined(separator: ", ")).")
            )
        }
        return tracker
    }
}

extension TrackerKind: ExpressibleByArgument {}
