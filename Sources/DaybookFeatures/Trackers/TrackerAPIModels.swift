import DaybookCore
import Foundation

/// Trackers as the JSON API shows them.
extension Trackers {
    /// A tracker as the API shows it.
    public struct Item: Sendable, Encodable {
        public var id: String
        public var name: String
        public var kind: String
        public var unit: String?
        public var unitLabel: String?
        public var target: Target?
        public var color: String
        public var frequency: Frequency
        /// The question or description; absent when there is none.
        public var note: String?
        public var position: Int
        public var archived: Bool
        public var createdAt: Date
        /// Today's value; `nil` for an archived tracker.
        public var today: DayValue?
        public var currentStreak: Int
        public var longestStreak: Int
        /// 0–1.
        public var strength: Double
    }

    public struct Target: Sendable, Encodable {
        public var comparison: String
        public var value: Double
    }

    /// A tracker's frequency for the API: the text a request takes, Loop's numerator and denominator, in words.
    public struct Frequency: Sendable, Encodable {
        public var text: String
        public var times: Int
        public var days: Int
        public var label: String
    }

    public struct ItemList: Sendable, Encodable {
        public var trackers: [Item]

        public init(trackers: [Item]) {
            self.trackers = trackers
        }
    }

    /// One tracker's values over a span of days, for the API.
    public struct Values: Sendable, Encodable {
        public var tracker: Item
        public var from: String
        public var through: String
        public var values: [DayValue]

        public init(tracker: Item, from: String, through: String, values: [DayValue]) {
            self.tracker = tracker
            self.from = from
            self.through = through
            self.values = values
        }
    }

    public struct DayValue: Sendable, Encodable {
        public var date: String
        /// `nil` when nothing was noted.
        public var value: Double?
        public var label: String
        public var met: Bool
        /// After a change: one sentence saying what it did, for a phone's shortcut to show or speak.
        public var say: String? = nil

        enum CodingKeys: String, CodingKey { case date, value, label, met, say }

        /// `value` is always written, as `null` when nothing was noted.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(value, forKey: .value)
            try container.encode(label, forKey: .label)
            try container.encode(met, forKey: .met)
            try container.encodeIfPresent(say, forKey: .say)
        }
    }
}
