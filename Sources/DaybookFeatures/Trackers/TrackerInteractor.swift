import DaybookCore
import Foundation

/// Trackers: making and changing them, one value per day, and how each is going.
public struct TrackerInteractor: Sendable {
    private let store: any TrackerStore
    private let snapshots: any SnapshotStore
    private let settings: any SettingsStore
    private let clock: any DaybookClock
    private let ids: any IDGenerator
    private let events: EventBus?
    private let initial: @Sendable () -> Settings

    public init(
        store: any TrackerStore, snapshots: any SnapshotStore, settings: any SettingsStore, clock: any DaybookClock,
        ids: any IDGenerator, events: EventBus? = nil, initial: @escaping @Sendable () -> Settings
    ) {
        self.store = store
        self.snapshots = snapshots
        self.settings = settings
        self.clock = clock
        self.ids = ids
        self.events = events
        self.initial = initial
    }

    private func ownerSettings() async throws -> Settings {
        try await settings.loadSettings() ?? initial()
    }

    // MARK: - Reading

    /// Every tracker with today's value, its streak and strength.
    public func list() async throws -> Trackers.ListResponse {
        let settings = try await ownerSettings()
        let zone = settings.timeZone
        let today = DayKey(date: clock.now(), timeZone: zone)
        return try await snapshots.read(splittingDaysIn: zone) { store in
            let trackers = try store.trackers()
            let values = try store.trackerValues(from: DayKey.earliest, through: today)
            var progress: [String: TrackerProgress] = [:]
            for tracker in trackers {
                progress[tracker.id] = TrackerProgress(
                    tracker: tracker, values: values[tracker.id] ?? [:], today: today, timeZone: zone)
            }
            return Trackers.ListResponse(
                settings: settings, today: today, trackers: trackers,
                todayValues: values.compactMapValues { $0[today] }, progress: progress)
        }
    }

    /// One tracker: its month grid (`rawMonth` as `YYYY-MM`, this month when `nil`), the value of `rawDay`, and
    /// how it is going.
    public func detail(id: String, month rawMonth: String? = nil, day rawDay: String? = nil) async throws
        -> Trackers.DetailResponse
    {
        let settings = try await ownerSettings()
        let zone = settings.timeZone
        let today = DayKey(date: clock.now(), timeZone: zone)
        let day = try Self.day(rawDay, today: today)
        let month = try Self.month(rawMonth, default: day.startOfMonth, today: today)
        return try await snapshots.read(splittingDaysIn: zone) { store in
            guard let tracker = try store.trackers().first(where: { $0.id == id }) else {
                throw Trackers.Problem.notFound
            }
            let values = try store.trackerValues(
                trackerID: id, from: DayKey.earliest, through: today)
            return Trackers.DetailResponse(
                settings: settings, today: today, tracker: tracker, month: month, day: day, values: values,
                progress: TrackerProgress(tracker: tracker, values: values, today: today, timeZone: zone))
        }
    }

    // MARK: - Writing

    /// Makes a tracker from `draft`.
    ///
    /// - Returns: the new tracker as its page shows it.
    /// - Throws: `Trackers.Problem` for a missing or taken name, an unknown kind or unit, a bad target or colour.
    public func create(_ draft: Trackers.Draft) async throws -> Trackers.DetailResponse {
        let settings = try await ownerSettings()
        guard let kind = TrackerKind(rawValue: draft.kind?.trimmingCharacters(in: .whitespaces) ?? "") else {
            throw Trackers.Problem.unknownKind
        }
        var tracker = Tracker(id: ids.makeID(), name: "", kind: kind, createdAt: clock.now())
        try apply(draft, to: &tracker, language: settings.language)
        do {
            // Counted as it is kept: trackers added from two tabs at once never pass the limit together.
            let created = try await store.createTracker(tracker, limit: Tracker.Limits.count)
            await events?.publish(.trackers)
            return try await detail(id: created.id)
        } catch TrackerStoreError.duplicateName {
            throw Trackers.Problem.duplicateName
        } catch TrackerStoreError.tooMany {
            throw Trackers.Problem.tooMany(limit: Tracker.Limits.count)
        }
    }

    /// Changes the fields `draft` carries; archiving and restoring go through here too.
    ///
    /// - Returns: the tracker as its page now shows it.
    @discardableResult
    public func update(id: String, _ draft: Trackers.Draft) async throws -> Trackers.DetailResponse {
        let settings = try await ownerSettings()
        guard var tracker = try await store.tracker(id: id) else { throw Trackers.Problem.notFound }
        if let kind = draft.kind, kind.trimmingCharacters(in: .whitespaces) != tracker.kind.rawValue {
            throw TrackerKind(rawValue: kind.trimmingCharacters(in: .whitespaces)) == nil
                ? Trackers.Problem.unknownKind : Trackers.Problem.kindIsFixed
        }
        do {
            try apply(draft, to: &tracker, language: settings.language)
        } catch let problem as Trackers.Problem {
            // Whether a unit or a target fits depends on the kind the stored tracker has, not on this change.
            switch problem {
            case .unitForKind, .unitLabel, .invalidTarget: throw Trackers.Problem.doesNotFit(problem)
            default: throw problem
            }
        }
        if let archived = draft.archived, archived != tracker.isArchived {
            tracker.archivedAt = archived ? clock.now() : nil
        }
        do {
            try await store.updateTracker(tracker)
        } catch TrackerStoreError.duplicateName {
            throw Trackers.Problem.duplicateName
        } catch TrackerStoreError.notFound {
            throw Trackers.Problem.notFound
        }
        await events?.publish(.trackers)
        return try await detail(id: id)
    }

    /// Puts the trackers in the order of `ids`.
    ///
    /// - Returns: every tracker in its new place.
    @discardableResult
    public func reorder(_ ids: [String]) async throws -> Trackers.ListResponse {
        try await store.reorderTrackers(ids)
        await events?.publish(.trackers)
        return try await list()
    }

    /// Moves an active tracker one place up (`-1`) or down (`1`).
    public func move(id: String, by offset: Int) async throws {
        var active = try await store.trackers().filter { !$0.isArchived }.map(\.id)
        guard let index = active.firstIndex(of: id) else { throw Trackers.Problem.notFound }
        let target = index + offset
        guard active.indices.contains(target) else { return }
        active.swapAt(index, target)
        try await reorder(active)
    }

    public func delete(id: String) async throws {
        guard try await store.deleteTracker(id: id) else { throw Trackers.Problem.notFound }
        await events?.publish(.trackers)
    }

    /// Sets (or clears) the value of `rawDay` (today when `nil`).
    ///
    /// - Throws: `Trackers.Problem.invalidValue` for a value of the wrong kind (text for a number, 7 for a
    ///   rating, a negative duration); `.futureDay`, `.invalidDate`, `.notFound`, `.archived`.
    ///
    /// `madeAt` is when the person made the change, for one sent later from a device that was offline (never later
    /// than now): a value set since, on another device, stays.
    @discardableResult
    public func setValue(
        _ input: Trackers.ValueInput, trackerID: String, day rawDay: String? = nil, madeAt: Date? = nil
    ) async throws -> Trackers.Saved {
        let settings = try await ownerSettings()
        let now = clock.now()
        let madeAt = madeAt.map { min($0, now) }
        let day = try Self.day(rawDay, today: DayKey(date: madeAt ?? now, timeZone: settings.timeZone))
        guard let tracker = try await store.tracker(id: trackerID) else { throw Trackers.Problem.notFound }
        guard !tracker.isArchived else { throw Trackers.Problem.archived }
        let value = try Self.value(input, for: tracker.kind)
        let standing = try await store.setTrackerValue(value, trackerID: trackerID, on: day, at: now, madeAt: madeAt)
        await events?.publish(.trackers)
        return Trackers.Saved(
            tracker: tracker, day: day, value: standing, streak: try await streak(of: tracker, settings: settings))
    }

    /// Adds `amount` to a day's value (today's unless `day` names another) of a number or duration tracker (a count:
    /// `1` a tap), in one write, so two taps at once count twice.
    ///
    /// - Throws: `Trackers.Problem.invalidValue` for a yes/no or rating tracker, or a sum the tracker cannot hold;
    ///   `.notFound`, `.archived`, `.futureDay`, `.invalidDate`.
    public func add(_ amount: Double, trackerID: String, day rawDay: String? = nil, madeAt: Date? = nil) async throws
        -> Trackers.Saved
    {
        let settings = try await ownerSettings()
        let now = clock.now()
        let day = try Self.day(
            rawDay, today: DayKey(date: madeAt.map { min($0, now) } ?? now, timeZone: settings.timeZone))
        guard let tracker = try await store.tracker(id: trackerID) else { throw Trackers.Problem.notFound }
        guard !tracker.isArchived else { throw Trackers.Problem.archived }
        let kind = tracker.kind
        guard kind == .number || kind == .duration, amount.isFinite else { throw Trackers.Problem.invalidValue(kind) }
        let sum = try await store.addTrackerValue(amount, trackerID: trackerID, on: day, at: now) {
            try Self.checked($0, kind: kind)
        }
        await events?.publish(.trackers)
        return Trackers.Saved(
            tracker: tracker, day: day, value: sum, streak: try await streak(of: tracker, settings: settings))
    }

    /// The tracker's streak as its values now stand.
    private func streak(of tracker: Tracker, settings: Settings) async throws -> Int {
        let zone = settings.timeZone
        let today = DayKey(date: clock.now(), timeZone: zone)
        let values = try await snapshots.read(splittingDaysIn: zone) { store in
            try store.trackerValues(trackerID: tracker.id, from: DayKey.earliest, through: today)
        }
        return TrackerProgress(tracker: tracker, values: values, today: today, timeZone: zone).currentStreak
    }

    /// Sets a yes/no tracker to done or not done for today, as a widget shows it: the value the tap means, never a
    /// flip, so a double tap (or a tap replayed) is one change, and of two devices the later tap by its own clock wins.
    public func tick(_ done: Bool, trackerID: String, madeAt: Date? = nil) async throws -> Trackers.Saved {
        guard let tracker = try await store.tracker(id: trackerID) else { throw Trackers.Problem.notFound }
        guard tracker.kind == .boolean else { throw Trackers.Problem.notToggleable }
        return try await setValue(.flag(done), trackerID: trackerID, madeAt: madeAt)
    }

    // MARK: - Rules

    private func apply(_ draft: Trackers.Draft, to tracker: inout Tracker, language: AppLanguage) throws {
        if let raw = draft.name {
            let name = raw.trimmingWhiteSpace()
            if name.isEmpty { throw Trackers.Problem.name(.empty) }
            if name.contains(where: \.isNewline) { throw Trackers.Problem.name(.lineBreak) }
            if name.count > Tracker.Limits.nameLength {
                throw Trackers.Problem.name(.tooLong(limit: Tracker.Limits.nameLength))
            }
            tracker.name = name
        } else if tracker.name.isEmpty {
            throw Trackers.Problem.name(.empty)
        }
        if draft.unit != nil || draft.unitLabel != nil {
            // A label alone (a currency's code, a custom label) is for the unit the tracker has.
            let name = draft.unit ?? Self.unitName(tracker.unit)
            tracker.unit = try Self.unit(name, label: draft.unitLabel, kind: tracker.kind, language: language)
        }
        if let comparison = draft.targetComparison?.trimmingCharacters(in: .whitespaces) {
            tracker.target = try Self.target(comparison, draft.targetValue, kind: tracker.kind)
        } else if let value = draft.targetValue, let target = tracker.target {
            tracker.target = try Self.target(target.comparison.rawValue, value, kind: tracker.kind)
        }
        if let raw = draft.frequency {
            do {
                tracker.frequency = try TrackerFrequency(text: raw)
            } catch {
                throw Trackers.Problem.invalidFrequency
            }
        }
        if let raw = draft.note {
            do throws(FieldProblem) {
                tracker.note = try Tracker.checkedNote(raw)
            } catch {
                throw Trackers.Problem.note(error)
            }
        }
        if let raw = draft.color {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                tracker.color = TaskColor.defaultName
            } else {
                guard let color = TaskColor.normalized(text) else { throw Trackers.Problem.invalidColor }
                tracker.color = color
            }
        }
    }

    /// The name `unit(_:label:kind:language:)` reads back as `unit`; empty for none.
    static func unitName(_ unit: TrackerUnit?) -> String {
        switch unit {
        case .canonical(let canonical)?: canonical.rawValue
        case .currency?: CanonicalUnit.currency.rawValue
        case .custom?: "custom"
        case nil: ""
        }
    }

    static func unit(_ raw: String?, label rawLabel: String?, kind: TrackerKind, language: AppLanguage) throws
        -> TrackerUnit?
    {
        let name = raw?.trimmingCharacters(in: .whitespaces) ?? ""
        let label = rawLabel?.trimmingWhiteSpace() ?? ""
        if name.isEmpty, label.isEmpty { return nil }
        guard kind == .number else { throw Trackers.Problem.unitForKind }
        if name.isEmpty || name.lowercased() == "custom" {
            if label.isEmpty { throw Trackers.Problem.unitLabel(.empty) }
            if label.contains(where: \.isNewline) { throw Trackers.Problem.unitLabel(.lineBreak) }
            if label.count > Tracker.Limits.unitLabelLength {
                throw Trackers.Problem.unitLabel(.tooLong(limit: Tracker.Limits.unitLabelLength))
            }
            return .custom(label)
        }
        guard let canonical = CanonicalUnit(typed: name) else { throw Trackers.Problem.unknownUnit }
        if canonical == .currency {
            let code = label.isEmpty ? TrackerUnit.defaultCurrency(for: language) : label.uppercased()
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }),
                Locale.Currency(code).identifier == code, Locale.commonISOCurrencyCodes.contains(code)
            else { throw Trackers.Problem.invalidCurrency }
            return .currency(code: code)
        }
        return .canonical(canonical)
    }

    static func target(_ comparison: String, _ raw: String?, kind: TrackerKind) throws -> TrackerTarget? {
        if comparison.isEmpty { return nil }
        guard kind != .boolean, let comparison = TrackerTarget.Comparison(rawValue: comparison),
            let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty
        else { throw Trackers.Problem.invalidTarget(kind) }
        do {
            guard let value = try value(.text(raw), for: kind) else { throw Trackers.Problem.invalidTarget(kind) }
            return TrackerTarget(comparison, value)
        } catch is Trackers.Problem {
            throw Trackers.Problem.invalidTarget(kind)
        }
    }

    /// The stored value of `input` for a tracker of `kind`; `nil` to clear the day.
    static func value(_ input: Trackers.ValueInput, for kind: TrackerKind) throws -> Double? {
        let problem = Trackers.Problem.invalidValue(kind)
        switch (input, kind) {
        case (.clear, _): return nil
        case (.flag(let done), .boolean): return done ? 1 : nil
        case (.flag, _): throw problem
        case (.number(let number), .boolean):
            guard number == 0 || number == 1 else { throw problem }
            return number == 1 ? 1 : nil
        case (.number(let number), _):
            return try checked(number, kind: kind)
        case (.text(let raw), _):
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return nil }
            switch kind {
            case .boolean:
                switch text.lowercased() {
                case "1", "true", "yes", "done", "on", "y": return 1
                case "0", "false", "no", "not-done", "off", "n": return nil
                default: throw problem
                }
            case .duration:
                guard let minutes = DurationText.minutes(from: text) else { throw problem }
                return try checked(Double(minutes), kind: kind)
            case .number, .rating:
                guard let number = decimal(text) else { throw problem }
                return try checked(number, kind: kind)
            }
        }
    }

    private static func checked(_ number: Double, kind: TrackerKind) throws -> Double {
        let problem = Trackers.Problem.invalidValue(kind)
        guard number.isFinite else { throw problem }
        switch kind {
        case .number:
            guard abs(number) <= Tracker.Limits.magnitude else { throw problem }
            // Kept to a thousandth: what people type, without binary noise.
            return (number * 1000).rounded() / 1000
        case .rating:
            guard number.rounded() == number, Tracker.Limits.rating.contains(Int(number)) else { throw problem }
            return number
        case .duration:
            guard number.rounded() == number, Tracker.Limits.durationMinutes.contains(Int(number)) else {
                throw problem
            }
            return number
        case .boolean:
            guard number == 1 else { throw problem }
            return number
        }
    }

    /// `72.5`, `72,5`, `-3`, `1,000.5` or `1000`: digits with one decimal mark (a comma counts as one when it is the
    /// only mark and not followed by exactly three digits).
    static func decimal(_ text: String) -> Double? {
        var text = text.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\u{202F}", with: "")
        guard !text.isEmpty, text.count <= 24 else { return nil }
        if text.contains("."), text.contains(",") {
            text = text.replacingOccurrences(of: ",", with: "")
        } else if let comma = text.firstIndex(of: ","), text.filter({ $0 == "," }).count == 1 {
            let after = text[text.index(after: comma)...]
            text =
                after.count == 3
                ? text.replacingOccurrences(of: ",", with: "") : text.replacingOccurrences(of: ",", with: ".")
        } else if text.contains(",") {
            text = text.replacingOccurrences(of: ",", with: "")
        }
        let allowed = text.enumerated().allSatisfy { index, character in
            character.isASCII
                && (character.isNumber || character == "." || (index == 0 && (character == "-" || character == "+")))
        }
        guard allowed, text.filter({ $0 == "." }).count <= 1, text.contains(where: \.isNumber) else { return nil }
        return Double(text)
    }

    static func day(_ raw: String?, today: DayKey) throws -> DayKey {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty, raw != "today" else { return today }
        guard let day = DayKey(string: raw) else { throw Trackers.Problem.invalidDate }
        guard day <= today else { throw Trackers.Problem.futureDay }
        return day
    }

    static func month(_ raw: String?, default fallback: DayKey, today: DayKey) throws -> DayKey {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return fallback }
        guard let first = DayKey(string: raw + "-01") ?? DayKey(string: raw)?.startOfMonth, raw.count <= 10 else {
            throw Trackers.Problem.invalidDate
        }
        guard first <= today else { throw Trackers.Problem.futureDay }
        return first.startOfMonth
    }
}
