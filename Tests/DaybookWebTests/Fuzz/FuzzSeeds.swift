import DaybookArchive
import DaybookCore
import DaybookFuzzing
import DaybookTestSupport
import Foundation

/// Small valid inputs for each target of `FuzzTargets` to mutate from: in `FuzzTests`, and written out as
/// libFuzzer's first corpus by `scripts/fuzz`.
enum FuzzSeeds {
    static func seeds(for name: String) throws -> [Data] {
        switch name {
        case "markdown":
            [
                "# Day\n\n*sea* **wind** [a](https://x.org) ![p](/photos/0f0f0f0f-0000-4000-8000-000000000000)\n",
                "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [ ] task\n~~gone~~ <b>raw</b> http://auto.link\n> quote\n```\ncode\n```",
                // Shapes that grow: a wide header over short rows, nesting, a reference used again and again.
                "|" + String(repeating: "a|", count: 40) + "\n|" + String(repeating: "-|", count: 40) + "\n"
                    + String(repeating: "|x\n", count: 40),
                String(repeating: "> - ", count: 40) + "deep\n\n[r]: /" + String(repeating: "u", count: 200) + "\n\n"
                    + String(repeating: "[r]", count: 60),
            ].map { Data($0.utf8) }
        case "form": [Data("csrf=abc&body=%E3%81%82+b&tag=a&tag=b&x".utf8), Data("a=%zz&=%00&b".utf8)]
        case "image-probe":
            [try TestPictures.make(.png, width: 8, height: 6), try TestPictures.make(.jpeg, width: 8, height: 6)]
        case "backup-reader": [try backup()]
        case "import-jrnl": [Data("[2025-01-06 09:30] Walk. By the sea @walk\n\n[2025-01-07 10:00] *Rain*.\n".utf8)]
        case "import-dayone":
            [
                try ImportExportTests.zip([
                    (JournalExports.dailyNotesFile, Data(JournalExports.dayOneDailyNotes.utf8))
                ])
            ]
        case "import-loop":
            [
                try ImportExportTests.zip([
                    ("Habits.csv", Data(LoopFixtures.habits.utf8)),
                    ("Checkmarks.csv", Data(LoopFixtures.checkmarks.utf8)),
                ])
            ]
        case "import-daylio": [Data(DaylioFixtures.commaCSV.utf8)]
        case "import-markdown": [try NotesFolderImportRouteTests.vault()]
        case "import-daybook":
            [
                try ImportExportTests.zip([
                    ("daybook.json", Data(#"{"format":"daybook-export","version":1,"entries":[]}"#.utf8))
                ])
            ]
        default: []
        }
    }

    /// A backup of one small file, made with the key the backup reader opens with, so mutations reach past the
    /// header.
    static func backup() throws -> Data {
        guard case .privateKey(let key) = FuzzTargets.backupKey else { return Data() }
        let manifest = BackupManifest(
            createdAt: Date(timeIntervalSince1970: 0), migrations: [], files: 1, bytes: 5, missingPhotos: [])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(BackupArchive.databaseName)
        try Data("hello".utf8).write(to: file)
        let sink = try BackupArchive.write(
            manifest: manifest, items: [.init(name: BackupArchive.databaseName, file: file)],
            recipients: [.publicKey(key.publicKey)], to: MemorySink())
        return sink.data
    }
}

/// Mutates bytes the way coverage-blind fuzzers do: flips, inserts, deletes, duplicates and splices, with
/// boundary values, from a seeded generator so that every run can be repeated.
struct ByteMutator {
    var generator: SeededGenerator

    mutating func mutate(_ input: Data, pool: [Data]) -> Data {
        var bytes = [UInt8](input)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: at)
            case 2 where !bytes.isEmpty:
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &generator)))
            case 3 where !bytes.isEmpty:
                bytes[at] = [0, 0xFF, 0x7F, 0x80, 0x0A, 0x22, 0x5B, 0x2F].randomElement(using: &generator)!
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, at + Int.random(in: 1...64, using: &generator))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            case 5:
                let other = [UInt8](pool.randomElement(using: &generator) ?? Data())
                guard !other.isEmpty else { break }
                let from = Int.random(in: 0..<other.count, using: &generator)
                bytes.insert(contentsOf: other[from..<min(other.count, from + 32)], at: at)
            default:
                // Big-endian and little-endian lengths that lie.
                let value: UInt32 = [0, 1, 0xFFFF, 0xFFFF_FFFF, 60000].randomElement(using: &generator)!
                let four = withUnsafeBytes(of: value.bigEndian, Array.init)
                if bytes.count >= at + 4 { bytes.replaceSubrange(at..<(at + 4), with: four) }
            }
        }
        return Data(bytes)
    }
}
