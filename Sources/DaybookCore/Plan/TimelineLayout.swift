import Foundation

/// A block to place on a day's timeline, in minutes since midnight; it covers `start ..< end`.
public struct TimelineBlock: Equatable, Sendable {
    public var id: String
    public var start: Int
    public var end: Int

    public init(id: String, start: Int, end: Int) {
        self.id = id
        self.start = start
        self.end = end
    }
}

/// Where a block sits across the timeline's width: `left = column / columns`, `width = 1 / columns`.
public struct TimelinePlacement: Equatable, Sendable {
    /// 0-based, counted from the left.
    public var column: Int
    /// How many columns its cluster of overlapping blocks needs.
    public var columns: Int

    public init(column: Int, columns: Int) {
        self.column = column
        self.columns = columns
    }
}

/// The block that is due now and the one after it, for Today and Focus.
public struct DueNow: Equatable, Sendable {
    /// The unfinished block covering this minute (the latest started, when blocks overlap).
    public var due: PlannedTask?
    /// The first unfinished block starting after this minute.
    public var next: PlannedTask?
    /// Minutes until `next` starts.
    public var startsInMinutes: Int?

    public init(due: PlannedTask?, next: PlannedTask?, startsInMinutes: Int?) {
        self.due = due
        self.next = next
        self.startsInMinutes = startsInMinutes
    }
}

/// Rules for drawing one day's timed blocks.
public enum TimelineLayout {
    /// Places blocks so that overlapping ones sit side by side.
    ///
    /// Blocks that overlap, directly or through a chain, form a cluster; within it each block takes the
    /// leftmost column free at its start (greedy interval colouring, which uses the fewest columns), and every
    /// block of the cluster shares its column count. A block ending at the minute another starts does not
    /// overlap it. A block with `end < start` counts as empty.
    /// - Returns: a placement for every id.
    public static func columns(for blocks: [TimelineBlock]) -> [String: TimelinePlacement] {
        let ordered = blocks.enumerated().sorted {
            ($0.element.start, max($0.element.start, $0.element.end), $0.offset)
                < ($1.element.start, max($1.element.start, $1.element.end), $1.offset)
        }.map(\.element)

        var placements: [String: TimelinePlacement] = [:]
        var cluster: [(id: String, column: Int)] = []
        var columnEnds: [Int] = []
        var clusterEnd = Int.min

        func closeCluster() {
            for member in cluster {
                placements[member.id] = TimelinePlacement(column: member.column, columns: columnEnds.count)
            }
            cluster = []
            columnEnds = []
        }

        for block in ordered {
            let end = max(block.start, block.end)
            if block.start >= clusterEnd { closeCluster() }
            let column = columnEnds.firstIndex { $0 <= block.start } ?? columnEnds.count
            if column == columnEnds.count { columnEnds.append(end) } else { columnEnds[column] = end }
            cluster.append((block.id, column))
            clusterEnd = cluster.count == 1 ? end : max(clusterEnd, end)
        }
        closeCluster()
        return placements
    }

    /// Places the timed tasks among `tasks`; anytime tasks are left out.
    public static func columns(for tasks: [PlannedTask]) -> [String: TimelinePlacement] {
        columns(
            for: tasks.compactMap { task in
                guard let start = task.startMinute, let end = task.endMinute else { return nil }
                return TimelineBlock(id: task.id, start: start, end: end)
            })
    }

    /// The block due at `minute` of the day and the next one to start, skipping done and anytime tasks.
    ///
    /// - Parameters:
    ///   - blocks: the day's tasks (their occurrences on that day).
    ///   - minute: minutes since midnight, now, in the owner's time zone.
    public static func current(blocks: [PlannedTask], at minute: Int) -> DueNow {
        let timed = blocks.enumerated().filter { !$0.element.isDone && $0.element.isTimed }
        let due = timed.filter { ($0.element.startMinute ?? 0) <= minute && minute < ($0.element.endMinute ?? 0) }
            .max { ($0.element.startMinute ?? 0, -$0.offset) < ($1.element.startMinute ?? 0, -$1.offset) }?.element
        let next = timed.filter { ($0.element.startMinute ?? 0) > minute }
            .min { ($0.element.startMinute ?? 0, $0.offset) < ($1.element.startMinute ?? 0, $1.offset) }?.element
        return DueNow(due: due, next: next, startsInMinutes: next?.startMinute.map { $0 - minute })
    }
}
