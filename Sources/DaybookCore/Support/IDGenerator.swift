/// Makes ids for new records. Core and Features ask for one instead of creating it themselves.
public protocol IDGenerator: Sendable {
    func makeID() -> String
}
