import DaybookCore

/// Recently deleted tasks, kept a little while so a deletion can be undone.
public actor UndoStash {
    private var tasks: [(id: String, task: PlannedTask)] = []
    private let capacity: Int

    public init(capacity: Int = 20) {
        self.capacity = capacity
    }

    public func keep(_ task: PlannedTask) {
        tasks.removeAll { $0.id == task.id }
        tasks.append((task.id, task))
        if tasks.count > capacity { tasks.removeFirst(tasks.count - capacity) }
    }

    /// The deleted task with this id, removed from the stash.
    public func take(_ id: String) -> PlannedTask? {
        guard let index = tasks.firstIndex(where: { $0.id == id }) else { return nil }
        return tasks.remove(at: index).task
    }

    public func peek(_ id: String) -> PlannedTask? {
        tasks.first { $0.id == id }?.task
    }
}
