import DaybookCore
import DaybookFeatures
import Foundation
import Logging

/// The command line's way in on a locked server: an API token kept in the data folder in a file only the owner
/// can read. A command on the same machine finds it there; nothing is let in for its address or `Host` alone, as
/// a proxy's peer can send any of those.
public enum LocalToken {
    /// The token's name in Settings → API tokens.
    static let name = "daybook on this computer"

    public static func file(in folder: URL) -> URL { folder.appendingPathComponent("cli-token") }

    /// The file with the public URL the server was last started with, for `daybook pair` and the command line.
    public static func publicURLFile(in folder: URL) -> URL { folder.appendingPathComponent("public-url") }

    /// The kept token, when this user can read it.
    public static func read(folder: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: file(in: folder).path),
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else { return nil }
        return text
    }

    /// The public URL the server in `folder` was started with, if any.
    public static func publicURL(folder: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: publicURLFile(in: folder).path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Notes the public URL the server runs with (none: the file is removed).
    static func note(publicURL: PublicURL?, folder: URL) {
        guard let publicURL else {
            try? FileManager.default.removeItem(at: publicURLFile(in: folder))
            return
        }
        try? write(publicURL.text + "\n", to: publicURLFile(in: folder))
    }

    /// Keeps a working full token in the data folder of a locked server, making one when the file is missing or
    /// its token was revoked.
    static func prepare(folder: URL, publicURL: PublicURL?, access: AccessInteractor, logger: Logger) async {
        do {
            if let kept = read(folder: folder), try await access.authorize(bearer: kept) == .granted(.full) { return }
            let created = try await access.createToken(name: name)
            try write(created.secret + "\n", to: file(in: folder))
        } catch {
            logger.warning(
                "the command line's token could not be kept in the data folder: pass --token to its commands",
                metadata: ["reason": .string(String(describing: error))])
        }
    }

    /// Writes `text` readable by the owner only, replacing the file whole.
    private static func write(_ text: String, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).new")
        try? FileManager.default.removeItem(at: temporary)
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
        guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

extension AppServices {
    /// Notes the public URL in the data folder, and on a locked server keeps the command line's token there.
    public func prepareLocalToken(logger: Logger) async {
        guard let folder = configuration.dataFolder else { return }
        LocalToken.note(publicURL: configuration.publicURL, folder: folder)
        guard requiresLogin, let database = gate.database else { return }
        await LocalToken.prepare(
            folder: folder, publicURL: configuration.publicURL, access: accessInteractor(database), logger: logger)
    }
}
