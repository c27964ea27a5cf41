import DaybookCore
import Foundation
import Testing

/// The two halves of an import: the file read and planned on one thread, its entries written on the caller's.
struct ReadAheadTests {
    @Test func everyItemArrivesInOrder() throws {
        var taken: [Int] = []
        try ReadAhead.run(capacity: 3, make: { yield in for item in 0..<1_000 { try yield(item) } }) {
            taken.append($0)
        }
        #expect(taken == Array(0..<1_000))
    }

    /// A write that fails stops the reading: a long file is not read to its end for an import already refused.
    @Test func aFailedUseStopsTheMaker() throws {
        let made = Locked(0)
        #expect(throws: Refused.self) {
            try ReadAhead.run(
                capacity: 4,
                make: { yield in
                    for item in 0..<1_000_000 {
                        try yield(item)
                        made.withLock { $0 += 1 }
                    }
                },
                use: { item in if item == 10 { throw Refused() } })
        }
        // Returned only once the maker stopped: it made at most the items a full line could hold past the failure.
        let count = made.withLock { $0 }
        #expect(count <= 10 + 4 + 1)
        #expect(made.withLock { $0 } == count)
    }

    /// A file that cannot be read to its end: what came before its damage is handed on, then its failure.
    @Test func theMakersFailureComesAfterItsItems() {
        var taken: [Int] = []
        #expect(throws: Refused.self) {
            try ReadAhead.run(
                make: { yield in
                    for item in 0..<100 { try yield(item) }
                    throw Refused()
                },
                use: { taken.append($0) })
        }
        #expect(taken == Array(0..<100))
    }

    struct Refused: Error {}
}
