import Foundation
import Testing

@testable import DaybookArchive

@Suite("backup archives")
struct BackupArchiveTests {
    static let recipients = [AgeRecipient.passphrase("a long walk by the river", workFactor: 10)]
    static let identities = [AgeIdentity.passphrase("a long walk by the river")]
    static let photoID = "6c1a9f3e-2b4d-4e8a-9f00-1234567890ab"

    /// A data folder's worth of files: a database, two photos, a push key.
    static func sources(in folder: ScratchFolder) throws -> [BackupArchive.Item] {
        let files: [(String, Data)] = [
            ("daybook.sqlite", Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })),
            ("photos/\(photoID)", Data(repeating: 0xd8, count: 70_001)),
            ("photos/0f0f0f0f-0000-4000-8000-000000000000", Data([0xff, 0xd8, 0xff])),
            ("push-key.pem", Data("-----BEGIN PRIVATE KEY-----\n".utf8)),
        ]
        return try files.map { name, data in
            let url = folder.file(name.replacingOccurrences(of: "/", with: "_"))
            try data.write(to: url)
            return BackupArchive.Item(name: name, file: url)
        }
    }

    static func manifest(for items: [BackupArchive.Item]) throws -> BackupManifest {
        let bytes = try items.reduce(Int64(0)) {
            $0 + Int64(try Data(contentsOf: $1.file).count)
        }
        return BackupManifest(
            createdAt: Date(timeIntervalSince1970: 1_795_000_000), migrations: ["v1", "v2"], files: items.count,
            bytes: bytes)
    }

    static func extract(_ file: Data, into folder: URL) throws -> BackupManifest {
        try BackupArchive.extract(from: ByteSource(data: file), identities: identities, into: folder, freeSpace: nil)
    }

    @Test("every file comes back byte for byte, and the manifest with them")
    func roundTrip() throws {
        // Given a backup of four files
        let folder = try ScratchFolder()
        let items = try Self.sources(in: folder)
        let manifest = try Self.manifest(for: items)
        var reported = 0
        let file = try BackupArchive.write(
            manifest: manifest, items: items, recipients: Self.recipients, to: MemorySink()
        ) { reported += $0 }.data
        #expect(Int64(reported) == manifest.bytes)
        // When it is unpacked into an empty folder
        let staging = folder.file("staging")
        let back = try Self.extract(file, into: staging)
        // Then each file is there with the same bytes
        #expect(back == manifest)
        for item in items {
            #expect(try Data(contentsOf: staging.appendingPathComponent(item.name)) == Data(contentsOf: item.file))
        }
    }

    @Test(
        "age and tar open a backup without Daybook", .enabled(if: AgeTool.isRequired, "the test command installs age"))
    func openWithoutDaybook() throws {
        let folder = try ScratchFolder()
        let items = try Self.sources(in: folder)
        let key = AgeIdentity.generate()
        let file = try BackupArchive.write(
            manifest: try Self.manifest(for: items), items: items, recipients: [.publicKey(key.publicKey)],
            to: MemorySink()
        ).data
        try file.write(to: folder.file("backup.age"))
        try Data(key.ageIdentity.utf8).write(to: folder.file("key.txt"))
        let listing = try AgeTool.run(
            "/bin/sh",
            [
                "-c",
                "'\(AgeTool.path("age"))' -d -i '\(folder.file("key.txt").path)' '\(folder.file("backup.age").path)' | tar -tv",
            ])
        #expect(listing.status == 0, "\(listing.output)")
        for name in ["daybook-backup.json", "daybook.sqlite", "photos/\(Self.photoID)", "push-key.pem"] {
            #expect(listing.output.contains(name))
        }
        #expect(listing.output.contains("300000"))
    }

    /// Writes a tar by hand (as a hostile tool would) and encrypts it.
    static func hostile(_ entries: [(name: String, data: Data)], manifest: BackupManifest? = nil) throws -> Data {
        var tar = TarWriter(sink: MemorySink())
        let manifest =
            manifest
            ?? BackupManifest(
                createdAt: Date(), migrations: [], files: entries.count,
                bytes: Int64(entries.reduce(0) { $0 + $1.data.count }))
        try tar.add(name: BackupArchive.manifestName, data: BackupManifest.encoder.encode(manifest), modified: Date())
        for entry in entries { try tar.add(name: entry.name, data: entry.data, modified: Date()) }
        var encryptor = try AgeEncryptor(recipients: recipients, sink: MemorySink())
        try encryptor.write(try tar.finish().data)
        return try encryptor.finish().data
    }

    @Test("names that climb out, absolute paths, strange names, repeats and a newer format write nothing outside")
    func hostileArchives() throws {
        let database = (name: "daybook.sqlite", data: Data("db".utf8))
        let cases: [(String, Data)] = [
            ("climbing", try Self.hostile([database, ("../../escaped", Data("x".utf8))])),
            ("climbing inside photos", try Self.hostile([database, ("photos/../../escaped", Data("x".utf8))])),
            ("absolute", try Self.hostile([database, ("/tmp/escaped", Data("x".utf8))])),
            ("unknown name", try Self.hostile([database, ("notes.txt", Data("x".utf8))])),
            ("capital letters in a photo name", try Self.hostile([database, ("photos/ABC", Data("x".utf8))])),
            ("twice", try Self.hostile([database, database])),
            ("no database", try Self.hostile([("push-key.pem", Data("k".utf8))])),
            (
                "more than the manifest says",
                try Self.hostile([database], manifest: .init(createdAt: Date(), migrations: [], files: 1, bytes: 1))
            ),
            (
                "newer",
                try Self.hostile(
                    [database],
                    manifest: {
                        var manifest = BackupManifest(createdAt: Date(), migrations: [], files: 1, bytes: 2)
                        manifest.version = 99
                        return manifest
                    }())
            ),
        ]
        for (name, file) in cases {
            let folder = try ScratchFolder()
            let staging = folder.file("staging")
            #expect(throws: (any Error).self, "\(name)") { try Self.extract(file, into: staging) }
            #expect(!FileManager.default.fileExists(atPath: folder.file("escaped").path), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped"), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: staging.appendingPathComponent("notes.txt").path))
        }
    }

    @Test("a link entry is refused, and a damaged header checksum is caught")
    func linksAndChecksums() throws {
        var header = [UInt8](try Tar.header(name: "photos/abc", size: 0, modified: Date()))
        header[156] = UInt8(ascii: "2")  // a symbolic link
        #expect(throws: Tar.Failure.self) { try Tar.parse(Data(header)) }
        var flipped = [UInt8](try Tar.header(name: "photos/abc", size: 0, modified: Date()))
        flipped[3] ^= 1
        #expect(throws: Tar.Failure.damaged("a header's checksum")) { try Tar.parse(Data(flipped)) }
    }

    @Test("a path longer than 100 bytes is split into ustar's prefix; a link is read as a link, never as a file")
    func longNamesAndLinks() throws {
        let long = String(repeating: "일기/", count: 20) + "2024-01-05.md"
        var writer = TarWriter(sink: MemorySink())
        try writer.add(name: long, data: Data("note".utf8), modified: Date())
        try writer.addLink(name: "Daily/2024-01-02.md", target: "/etc/passwd", modified: Date())
        #expect(!Tar.canName(String(repeating: "a", count: 101)))
        #expect(throws: Tar.Failure.self) {
            try writer.add(name: String(repeating: "a", count: 101), data: Data(), modified: Date())
        }
        var reader = TarReader(source: Pieces(pieces: [try writer.finish().data]))
        let file = try #require(try reader.nextHeader())
        #expect(file.name == long && file.isFile && file.size == 4)
        try reader.readContents(size: file.size) { #expect($0 == Data("note".utf8)) }
        let link = try #require(try reader.nextHeader())
        #expect(link.name == "Daily/2024-01-02.md" && !link.isFile && link.linkTarget == "/etc/passwd")
        #expect(try reader.nextHeader() == nil)
    }

    @Test("a backup that needs more space than is free is refused before anything is written")
    func space() throws {
        let folder = try ScratchFolder()
        let items = try Self.sources(in: folder)
        let file = try BackupArchive.write(
            manifest: try Self.manifest(for: items), items: items, recipients: Self.recipients, to: MemorySink()
        ).data
        let staging = folder.file("staging")
        #expect(throws: BackupArchive.Failure.self) {
            try BackupArchive.extract(
                from: ByteSource(data: file), identities: Self.identities, into: staging, freeSpace: 1_000)
        }
        #expect(!FileManager.default.fileExists(atPath: staging.path))
    }
}

/// Bytes handed to a tar reader in the pieces given.
private struct Pieces: ChunkSource {
    var pieces: [Data]
    mutating func next() -> Data? { pieces.isEmpty ? nil : pieces.removeFirst() }
}
