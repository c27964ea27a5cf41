import DaybookCore
import Foundation

/// What pages and the API show of an entry changed on two devices.
extension JournalPresenter {
    /// Both versions side by side, the one the entry holds first; `nil` without an open conflict.
    static func conflict(of entry: JournalEntry, _ conflicts: [JournalConflict], localizer: Localizer)
        -> Journal.ConflictView?
    {
        guard let open = conflicts.first(where: \.isOpen) else { return nil }
        // A save of the entry since the two met makes it the entry's own time.
        let entryMadeAt = entry.revision == open.entryRevision ? open.entryMadeAt : entry.updatedAt
        // Two versions made in the same minute are told apart by their seconds.
        let seconds = made(entryMadeAt, localizer: localizer) == made(open.madeAt, localizer: localizer)
        func side(_ keep: JournalConflictChoice, _ content: JournalEntryContent, madeAt: Date) -> Journal.ConflictSide {
            Journal.ConflictSide(
                keep: keep.rawValue, label: localizer("journal.twoDevices.\(keep.rawValue)"),
                madeLabel: localizer("journal.twoDevices.made", made(madeAt, seconds: seconds, localizer: localizer)),
                madeTime: internetDateTime(madeAt, localizer.timeZone),
                title: content.title.isEmpty ? localizer("journal.untitled") : content.title, tags: content.tags,
                hasTags: !content.tags.isEmpty, body: content.body, keepLabel: localizer("journal.twoDevices.keep"))
        }
        return Journal.ConflictView(
            heading: localizer("journal.twoDevices"), text: localizer("journal.twoDevices.text"),
            action: "/journal/\(URLText.component(entry.id))/conflicts/\(URLText.component(open.id))",
            sides: [side(.entry, entry.content, madeAt: entryMadeAt), side(.other, open.content, madeAt: open.madeAt)])
    }

    /// The versions not chosen, newest choice last; `nil` when there are none.
    static func setAside(of entry: JournalEntry, _ conflicts: [JournalConflict], localizer: Localizer)
        -> Journal.SetAsideList?
    {
        let kept = conflicts.filter { !$0.isOpen }
        guard !kept.isEmpty else { return nil }
        let base = "/journal/\(URLText.component(entry.id))/conflicts/"
        return Journal.SetAsideList(
            heading: localizer("journal.setAside"), hint: localizer("journal.setAside.hint"),
            versions: kept.map {
                Journal.SetAsideVersion(
                    id: $0.id, summary: localizer("journal.twoDevices.made", made($0.madeAt, localizer: localizer)),
                    title: $0.content.title.isEmpty ? localizer("journal.untitled") : $0.content.title,
                    body: $0.content.body, deleteAction: base + URLText.component($0.id) + "/delete",
                    deleteLabel: localizer("journal.setAside.delete"))
            })
    }

    static func conflictJSON(_ conflict: JournalConflict, zone: TimeZone) -> Journal.ConflictJSON {
        let content = conflict.content
        let momentZone = TimeZone(identifier: content.timeZone) ?? zone
        return Journal.ConflictJSON(
            id: conflict.id, title: content.title, body: content.body, tags: content.tags,
            starred: content.isStarred, date: internetDateTime(content.moment, momentZone),
            madeAt: internetDateTime(conflict.madeAt, zone), entryMadeAt: internetDateTime(conflict.entryMadeAt, zone),
            baseRevision: conflict.baseRevision)
    }

    /// "Nov 25, 14:05" (or "14:05:09" with `seconds`): when a version was made, in the owner's time zone.
    static func made(_ date: Date, seconds: Bool = false, localizer: Localizer) -> String {
        let day = DayKey(date: date, timeZone: localizer.timeZone)
        let time =
            seconds
            ? date.formatted(
                Date.FormatStyle(
                    date: .omitted, time: .standard, locale: localizer.locale, calendar: localizer.calendar,
                    timeZone: localizer.timeZone))
            : localizer.time(date)
        return "\(localizer.day(day, weekday: false)) \(time)"
    }
}
