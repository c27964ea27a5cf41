import DaybookCore
import DaybookFeatures

/// Recent deletions, kept a little while so they can be undone; each is found by its `key`.
public actor UndoStash {
    private var deletions: [(key: String, deletion: Timeline.Deletion)] = []
    private let capacity: Int

    public init(capacity: Int = 20) {
        self.capacity = capacity
    }

    /// The key a deletion is kept under: the task's id, and the day for one occurrence.
    public static func key(for deletion: Timeline.Deletion) -> String {
        switch deletion {
        case .task(let task): task.id
        case .occurrence(let task, let day): "\(task.id)@\(day)"
        }
    }

    /// Keeps a deletion, returning its key.
    @discardableResult
    public func keep(_ deletion: Timeline.Deletion) -> String {
        let key = Self.key(for: deletion)
        deletions.removeAll { $0.key == key }
        deletions.append((key, deletion))
        if deletions.count > capacity { deletions.removeFirst(deletions.count - capacity) }
        return key
    }

    /// The deletion kept under `key`, removed from the stash.
    public func take(_ key: String) -> Timeline.Deletion? {
        guard let index = deletions.firstIndex(where: { $0.key == key }) else { return nil }
        return deletions.remove(at: index).deletion
    }

    public func peek(_ key: String) -> Timeline.Deletion? {
        deletions.first { $0.key == key }?.deletion
    }
}
