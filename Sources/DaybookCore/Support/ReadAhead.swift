import Foundation

/// Work split in two, each half on a core of its own: one thread makes items (reads a file and prepares its
/// entries) while the caller's thread uses the ones made before (writes them).
///
/// At most `capacity` items wait between the two, so memory stays bounded however long the source is. The items
/// arrive in the order they were made.
public enum ReadAhead {
    /// Runs `make` on a new thread and hands each item it yields to `use` on the calling thread, in order.
    /// Returns once both have ended.
    ///
    /// - Throws: what `use` throws (`make` is then stopped at its next yield), or else what `make` throws, after
    ///   the items it yielded before.
    public static func run<Item: Sendable>(
        capacity: Int = 32,
        make: @escaping @Sendable (_ yield: (Item) throws -> Void) throws -> Void,
        use: (Item) throws -> Void
    ) throws {
        let line = Line<Item>(capacity: max(1, capacity))
        Thread.detachNewThread {
            do {
                try make { try line.put($0) }
                line.end(nil)
            } catch {
                line.end(error)
            }
        }
        // The maker never outlives this call: it reads what the caller may close once it returns.
        defer { line.stopAndWait() }
        while let item = try line.next() { try use(item) }
    }

    /// What a stopped maker's yield throws: the user has given up, nothing more is wanted.
    struct Stopped: Error {}

    /// The items between the two threads, behind one condition.
    private final class Line<Item: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private let capacity: Int
        /// Oldest first; never more than `capacity`, so taking the first is cheap.
        private var items: [Item] = []
        private var ended = false
        private var failure: (any Error)?
        private var stopped = false

        init(capacity: Int) { self.capacity = capacity }

        func put(_ item: Item) throws {
            condition.lock()
            defer { condition.unlock() }
            while items.count >= capacity && !stopped { condition.wait() }
            if stopped { throw Stopped() }
            items.append(item)
            condition.broadcast()
        }

        func end(_ error: (any Error)?) {
            condition.lock()
            defer { condition.unlock() }
            ended = true
            failure = error
            condition.broadcast()
        }

        /// The next item; `nil` once the maker has ended and every item was taken.
        func next() throws -> Item? {
            condition.lock()
            defer { condition.unlock() }
            while items.isEmpty && !ended { condition.wait() }
            if !items.isEmpty {
                condition.broadcast()
                return items.removeFirst()
            }
            if let failure { throw failure }
            return nil
        }

        func stopAndWait() {
            condition.lock()
            defer { condition.unlock() }
            stopped = true
            condition.broadcast()
            while !ended { condition.wait() }
            items.removeAll()
        }
    }
}
