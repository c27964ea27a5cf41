import DaybookCore
import Foundation

/// Widgets outside the app: each is presented once and shown as a compact page, an SVG image and a JSON
/// timeline, so the three always agree.
public enum Widgets {
    public enum Name: String, CaseIterable, Sendable {
        /// The current block and today's focus time.
        case small
        /// The next three blocks and the day's goal progress.
        case medium
        /// The daily focus goal as a ring.
        case circular
        /// The current task and the running timer.
        case rectangular
        /// A tracker's month grid, with a one-tap toggle for a yes/no tracker.
        case tracker
    }

    public enum Problem: Error, Equatable, Sendable {
        case unknownWidget
        /// The tracker widget was asked for, but there is no active tracker to show.
        case noTracker
        case unknownTracker
        /// A tick from a widget page older than the value it sets: the page is to be loaded again.
        case outdatedPage
    }

    /// Everything the widgets show, read in one snapshot.
    public struct Response: Sendable {
        public var settings: Settings
        public var now: Date
        public var today: DayKey
        public var tasks: [PlannedTask]
        /// Focus today up to `now`, sessions in progress included.
        public var focusSeconds: Int
        public var timer: FocusTimer
        public var timerTask: PlannedTask?
        /// The tracker widget's tracker, its values and progress.
        public var tracker: Tracker?
        public var trackerValues: [DayKey: Double]
        public var trackerProgress: TrackerProgress
    }

    /// One moment of a widget's timeline.
    public struct Entry: Sendable, Encodable {
        public var date: Date
        public var content: Content
    }

    /// A widget's states from now until its next refresh, as WidgetKit takes them: show each entry from its
    /// date on, and ask again after `refreshAfter` (or when `/events` says something changed).
    public struct Timeline: Sendable, Encodable {
        public var widget: String
        public var generatedAt: Date
        public var refreshAfter: Date
        /// The Daybook page a tap on the widget opens, as an absolute address.
        public var url: String
        /// The owner's accent, for the ring and headings: text-strength on `background`.
        public var accent: Appearances
        /// The panel colour the accent is made to be read on.
        public var background: Appearances
        public var entries: [Entry]
    }

    /// One colour for each appearance, `#rrggbb`.
    public struct Appearances: Sendable, Encodable, Equatable {
        public var light: String
        public var dark: String
    }

    public enum Content: Sendable, Encodable {
        case small(Small)
        case medium(Medium)
        case circular(Circular)
        case rectangular(Rectangular)
        case tracker(TrackerGrid)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .small(let value): try value.encode(to: encoder)
            case .medium(let value): try value.encode(to: encoder)
            case .circular(let value): try value.encode(to: encoder)
            case .rectangular(let value): try value.encode(to: encoder)
            case .tracker(let value): try value.encode(to: encoder)
            }
        }
    }

    /// A planned block as a line: "Deep work · 09:00–10:30 · Now, 20 min left".
    public struct Block: Sendable, Encodable {
        public var title: String
        public var time: String
        public var when: String
        public var isDue: Bool
        public var color: String
        public var startsAt: Date
        public var endsAt: Date
    }

    public struct Goal: Sendable, Encodable {
        /// "1 h 20 min of 2 h".
        public var label: String
        public var percent: String
        /// 0–1, capped.
        public var fraction: Double
        public var isReached: Bool
    }

    public struct Small: Sendable, Encodable {
        public var heading: String
        public var block: Block?
        public var emptyText: String
        public var focusLabel: String
        public var focus: String
        public var focusSeconds: Int
    }

    public struct Medium: Sendable, Encodable {
        public var heading: String
        public var blocks: [Block]
        public var emptyText: String
        public var goal: Goal?
        public var focus: String
    }

    public struct Circular: Sendable, Encodable {
        public var label: String
        public var goal: Goal?
        public var focus: String
    }

    public struct Timer: Sendable, Encodable {
        /// `idle`, `running`, `paused` or `finished`.
        public var state: String
        public var stateLabel: String
        /// "12:34" left on a countdown, or elapsed on a stopwatch.
        public var clock: String
        public var elapsedSeconds: Int
        public var remainingSeconds: Int?
        /// When a running countdown reaches zero, for clients that count down themselves.
        public var endsAt: Date?
        /// 0–1 of a countdown.
        public var progress: Double
    }

    public struct Rectangular: Sendable, Encodable {
        public var heading: String
        /// The timer's task, else the block due now; `nil` when neither.
        public var task: String?
        public var emptyText: String
        public var timer: Timer
    }

    public struct Cell: Sendable, Encodable {
        public var day: String
        public var number: String
        public var isMet: Bool
        /// Not met itself, but covered by the met days of its window.
        public var isCovered: Bool
        public var hasValue: Bool
        public var isToday: Bool
        public var isOutside: Bool
        /// 0–100.
        public var level: Int
        public var label: String
    }

    public struct TrackerGrid: Sendable, Encodable {
        public var id: String
        public var name: String
        public var kind: String
        public var color: String
        public var month: String
        public var weekdays: [String]
        public var weeks: [[Cell]]
        public var streak: String
        public var strength: String
        public var today: Trackers.DayValue
        public var canToggle: Bool
        public var toggleLabel: String?
    }

    /// What a widget page shows: the presenter's content for now, and the links that keep the widget's token.
    public struct PageViewModel: Sendable, Encodable {
        public var name: String
        public var title: String
        public var small: Small?
        public var medium: Medium?
        public var circular: Circular?
        public var rectangular: Rectangular?
        public var tracker: TrackerGrid?
        public var ring: Ring?
        /// `?token=…&tracker=…` as the request had them, for the page's own links.
        public var query: String
        public var eventsURL: String
        public var toggleAction: String?
        /// What a tap on the toggle sets: `on` (done) or `off`, the opposite of what the widget shows.
        public var toggleValue: String?
        public var openHref: String
        public var openLabel: String
    }

    /// The goal ring as the page draws it: a circle whose stroke is `dash` long.
    public struct Ring: Sendable, Encodable {
        public var dash: String
        public var isReached: Bool
        /// Nothing yet: the ring's round cap would otherwise show as a dot.
        public var isEmpty: Bool
        public var label: String
        public var percent: String
    }

    /// The toggle's confirmation page.
    public struct Confirm: Sendable, Encodable {
        public var title: String
        public var question: String
        public var state: String
        public var action: String
        /// What confirming sets: `on` (done) or `off`.
        public var value: String
        public var confirmLabel: String
        public var cancelHref: String
        public var cancelLabel: String
    }
}
