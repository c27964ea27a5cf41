import DaybookCore

/// What a phone's shortcut offers to choose from ("Choose from List"): the active trackers, today's blocks not yet
/// done, and the focus sounds, each by name with the id its action takes. Nothing of the journal.
public enum ShortcutChoices {
    public struct List: Sendable, Encodable {
        public var trackers: [TrackerChoice]
        public var blocks: [BlockChoice]
        public var sounds: [Choice]
    }

    public struct TrackerChoice: Sendable, Encodable {
        public var id: String
        public var name: String
        /// `boolean`, `number`, `rating` or `duration`: which value the tracker takes.
        public var kind: String
        /// Today's value in words ("Done", "3 glasses"); `nil` when nothing is noted.
        public var today: String?
    }

    public struct BlockChoice: Sendable, Encodable {
        public var id: String
        public var title: String
        /// `09:00–10:30`; `nil` for an anytime block.
        public var time: String?
    }

    public struct Choice: Sendable, Encodable {
        public var id: String
        public var name: String
    }

    /// The lists, in the order the app shows them: trackers as arranged, timed blocks by start, then anytime ones.
    public static func present(trackers: Trackers.ListResponse, day: Timeline.Response, localizer: Localizer) -> List {
        let open = day.tasks.filter { !$0.isDone }
        let timed = open.filter(\.isTimed).sorted { ($0.startMinute ?? 0) < ($1.startMinute ?? 0) }
        return List(
            trackers: trackers.trackers.filter { !$0.isArchived }.map { tracker in
                let value = trackers.todayValues[tracker.id]
                return TrackerChoice(
                    id: tracker.id, name: tracker.name, kind: tracker.kind.rawValue,
                    today: value.map { TrackerPresenter.format($0, tracker, localizer: localizer) })
            },
            blocks: (timed + open.filter { !$0.isTimed }).map { task in
                let row = TimelinePresenter.row(task, in: day, localizer: localizer)
                return BlockChoice(id: task.id, title: task.title, time: row.timeLabel)
            },
            sounds: AmbientSound.allCases.map {
                Choice(id: $0.rawValue, name: localizer("settings.focusSound.\($0.rawValue)"))
            })
    }
}
