import Foundation

/// A value shared between threads, behind a lock.
///
/// Built on `NSLock` (a pthread mutex) rather than the standard library's `Mutex`: on Linux that one waits
/// through priority-inheriting futexes, which some sandboxes and virtual machines refuse, and a refusal
/// there stops the process.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; keep it short and never call back into this lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
