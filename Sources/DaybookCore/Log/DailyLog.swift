import Foundation

/// What a person noted about one day: how they slept, their mood, and a reflection.
public struct DailyLog: Equatable, Sendable {
    public var day: DayKey
    /// 1 (very poorly) to 5 (very well); `nil` until noted.
    public var sleepQuality: Int?
    /// 1 (very low) to 5 (very good); `nil` until noted.
    public var mood: Int?
    public var reflection: String
    public var updatedAt: Date

    public init(day: DayKey, sleepQuality: Int? = nil, mood: Int? = nil, reflection: String = "", updatedAt: Date) {
        self.day = day
        self.sleepQuality = sleepQuality
        self.mood = mood
        self.reflection = reflection
        self.updatedAt = updatedAt
    }

    /// Nothing noted: no ratings and no reflection.
    public var isEmpty: Bool {
        sleepQuality == nil && mood == nil && reflection.isBlank
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// Sleep quality and mood are rated on the same five steps.
        public static let rating = 1...5
        /// A generous limit for a day's reflection, in characters.
        public static let reflectionLength = 20_000
    }
}

/// What one save changes in a day's log: `nil` leaves a field as it is, `.some(nil)` clears a rating.
public struct DailyLogChange: Equatable, Sendable {
    public var sleepQuality: Int??
    public var mood: Int??
    public var reflection: String?

    public init(sleepQuality: Int?? = nil, mood: Int?? = nil, reflection: String? = nil) {
        self.sleepQuality = sleepQuality
        self.mood = mood
        self.reflection = reflection
    }
}

extension DailyLog {
    /// A short, stable digest of a reflection, put into the Daily Log's form so that a save can tell the text the
    /// person left as it was from text they changed. Not a secret: FNV-1a, 64 bits, in hex.
    public static func fingerprint(_ reflection: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in reflection.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

/// Where daily logs are kept.
public protocol DailyLogStore: Sendable {
    /// The log of `day`, or `nil` when nothing was noted.
    func dailyLog(on day: DayKey) async throws -> DailyLog?
    /// Notes the sleep quality of `day`, keeping the rest of its log (`madeAt` as in `changeLog`).
    func saveSleepQuality(_ quality: Int, on day: DayKey, madeAt: Date?, at now: Date) async throws
    /// Applies `change` to the log of `day`. A change made earlier (`madeAt`, sent later by a device that was
    /// offline) leaves each field changed after it as it is, so it does not undo what another device did since; a
    /// change made now (`madeAt` nil) always applies. Returns the log as it now is (`nil`: nothing noted, no row).
    func changeLog(_ change: DailyLogChange, on day: DayKey, madeAt: Date?, at now: Date) async throws -> DailyLog?
    /// The logs from `first` through `last`, by day.
    func dailyLogs(from first: DayKey, through last: DayKey) async throws -> [DayKey: DailyLog]
}
