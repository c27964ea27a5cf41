import Crypto
import DaybookArchive
import DaybookCore
import DaybookDataFolder
import DaybookMedia
import DaybookWeb
import Foundation

/// The parsers that read bytes from outside, each as one function of those bytes. Any thrown error is a fine
/// answer; a crash, a hang or runaway memory is a finding. `swift test` drives them with a seeded mutator,
/// `daybook-fuzz` with libFuzzer.
public enum FuzzTargets {
    public struct Target: Sendable {
        public var name: String
        /// Reads `bytes` as the parser would; `folder` is an empty folder for the files it writes.
        public var run: @Sendable (Data, URL) -> Void
    }

    public static let all: [Target] = [markdown, form, imageProbe, backupReader] + ImportSource.allCases.map(importer)

    /// The target called `name`, or `nil`.
    public static func named(_ name: String) -> Target? { all.first { $0.name == name } }

    static let markdown = Target(name: "markdown") { bytes, _ in
        let text = String(decoding: bytes, as: UTF8.self)
        let renderer = CMarkRenderer()
        let html = renderer.html(text)
        // Hostile text stays small: an answer past the bound is a finding, as a crash is.
        let bound = MarkdownLimits.htmlBytes(markdownBytes: text.utf8.count)
        precondition(html.utf8.count <= bound, "\(text.utf8.count) bytes of Markdown made \(html.utf8.count) of HTML")
        _ = renderer.plainText(text)
    }

    /// The form bodies every page posts (uploads are raw bodies, read by size alone).
    static let form = Target(name: "form") { bytes, _ in
        _ = FormData(urlEncoded: String(decoding: bytes, as: UTF8.self))
    }

    /// What an upload is checked with before libvips decodes it: the magic bytes, then the header.
    static let imageProbe = Target(name: "image-probe") { bytes, folder in
        guard PhotoType.sniff([UInt8](bytes.prefix(PhotoType.signatureLength))) != nil else { return }
        let file = folder.appendingPathComponent("probe")
        guard (try? bytes.write(to: file)) != nil else { return }
        _ = try? VipsPhotoProcessor.readHeader(file)
    }

    /// One key for every backup made and read here, the same in every process, so that a seed made with it lets
    /// mutations reach past the header. It opens nothing but fuzzing's own files.
    public static let backupKey = AgeIdentity.privateKey(
        try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Data(repeating: 0x27, count: 32)))

    static let backupReader = Target(name: "backup-reader") { bytes, folder in
        let staging = folder.appendingPathComponent("staging")
        defer { try? FileManager.default.removeItem(at: staging) }
        _ = try? BackupArchive.extract(
            from: ByteSource(data: bytes), identities: [backupKey], into: staging, freeSpace: nil)
    }

    static func importer(_ source: ImportSource) -> Target {
        Target(name: "import-\(source.rawValue)") { bytes, folder in
            let file = folder.appendingPathComponent("import")
            let photos = folder.appendingPathComponent("photos")
            // Millions of runs share the folder: what one unpacks must not fill the disk.
            defer { try? FileManager.default.removeItem(at: photos) }
            guard (try? bytes.write(to: file)) != nil else { return }
            _ = try? ImportService.read(
                file, as: source, localizer: Localizer(language: .english, timeZone: .gmt, catalog: .bundled),
                photosInto: photos)
        }
    }
}
