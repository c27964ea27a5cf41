import DaybookCore
import DaybookFuzzing
import Foundation
import Testing

/// Every parser of outside bytes, driven from the ordinary build by a seeded mutator: a few hundred inputs each in
/// every test run, or as long as `DAYBOOK_FUZZ_SECONDS` says. Each input is written to `DAYBOOK_FUZZ_LAST/<target>`
/// before it runs, so the one that crashed can become a regression fixture; every file in
/// `Tests/Fixtures/fuzz/<target>/` (where `scripts/fuzz` keeps what libFuzzer finds) runs again here. With
/// `DAYBOOK_FUZZ_SEEDS` set, the seeds are written there first, as libFuzzer's corpus.
@Suite("fuzzed inputs")
struct FuzzTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    @Test("inputs that once broke a parser are answered", arguments: FuzzTargets.all.map(\.name))
    func regressions(target name: String) throws {
        let target = try #require(FuzzTargets.all.first { $0.name == name })
        let folder = Self.fixtures.appendingPathComponent(name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let work = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        for file in names.sorted() {
            target.run(try Data(contentsOf: folder.appendingPathComponent(file)), work)
        }
    }

    @Test("mutated inputs neither crash nor hang a parser", arguments: FuzzTargets.all.map(\.name))
    func mutations(target name: String) throws {
        let target = try #require(FuzzTargets.all.first { $0.name == name })
        if let only = Self.environment["DAYBOOK_FUZZ_TARGET"], only != name { return }
        let seeds = try FuzzSeeds.seeds(for: name)
        #expect(!seeds.isEmpty)
        if let corpus = Self.environment["DAYBOOK_FUZZ_SEEDS"] {
            let folder = URL(fileURLWithPath: corpus).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, seed) in seeds.enumerated() {
                try seed.write(to: folder.appendingPathComponent("seed-\(index)"))
            }
        }
        let seconds = Double(Self.environment["DAYBOOK_FUZZ_SECONDS"] ?? "") ?? 0
        let iterations = seconds > 0 ? Int.max : Int(Self.environment["DAYBOOK_FUZZ_ITERATIONS"] ?? "") ?? 150
        let seed = UInt64(Self.environment["DAYBOOK_FUZZ_SEED"] ?? "") ?? 27
        let last = Self.environment["DAYBOOK_FUZZ_LAST"].map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
        var mutator = ByteMutator(generator: SeededGenerator(seed: seed &+ UInt64(name.utf8.count)))
        let work = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let deadline = ContinuousClock.now + .seconds(seconds)
        var corpus = seeds
        var runs = 0
        while runs < iterations, seconds == 0 || ContinuousClock.now < deadline {
            let parent = corpus.randomElement(using: &mutator.generator)!
            let input = mutator.mutate(parent, pool: corpus)
            if let last { try input.write(to: last) }
            target.run(input, work)
            // Keep some mutants as parents, so changes pile up past the first check a parser makes.
            if corpus.count < 64 { corpus.append(input) } else { corpus[runs % 64] = input }
            runs += 1
        }
        #expect(runs > 0)
    }

    static func workFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
