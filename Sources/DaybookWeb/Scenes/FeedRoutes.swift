import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

/// `/feeds/tasks.ics`: the timeline's blocks as a calendar a phone subscribes to (with a calendar token when the
/// server needs one): from a year back, repeating blocks as one event with their rule.
struct FeedRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get(RouterPath(CalendarFeedAccess.path)) { request, context in
            let database = try context.env.database
            let settings = try context.env.settings
            let now = services.clock.now()
            let first = DayKey(date: now, timeZone: settings.timeZone).adding(days: -365)
            let document = TaskCalendar.document(
                try await database.calendarItems(from: first), name: settings.journalName,
                timeZone: settings.timeZone, now: now, includeAnytime: false,
                linkBase: services.configuration.publicURL?.text)
            return Response(
                status: .ok,
                headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: document)))
        }
    }
}
