import DaybookCore
import DaybookFeatures
import Foundation

/// The command line's way in on a locked server: an API token kept in the data folder in a file only the owner
/// can read. A command on the same machine finds it there; nothing is let in for its address or `Host` alone, as
/// a proxy's peer can send any of those.
public enum LocalToken {
    /// The token's name in Settings → API tokens.
    package static let name = "daybook on this computer"

    public static func file(in folder: URL) -> URL { folder.appendingPathComponent("cli-token") }

    /// The file with the public URL the server was last started with, for `daybook pair` and the command line.
    public static func publicURLFile(in folder: URL) -> URL { folder.appendingPathComponent("public-url") }

    /// The file with the address the server listens at on this machine, so the token goes to it and to no other port.
    package static func listeningFile(in folder: URL) -> URL { folder.appendingPathComponent("cli-token.server") }

    /// The token for a command aimed at `server`: the kept one, when `server` is where the locked server of `folder`
    /// listens or its public URL; else none, so the token never reaches another program or site.
    public static func token(for server: URL, folder: URL) -> String? {
        let listening = (try? String(contentsOf: listeningFile(in: folder), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let known = [listening, publicURL(folder: folder)].compactMap { $0.flatMap(URL.init(string:)).flatMap(address) }
        guard let target = address(server), known.contains(target) else { return nil }
        return read(folder: folder)
    }

    /// Scheme, host and port, with every loopback name as one and the default ports written out.
    private static func address(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let name = AppConfiguration.isLoopback(host: host) ? "loopback" : host
        return "\(scheme)://\(name):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

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
    package static func note(publicURL: PublicURL?, folder: URL) {
        guard let publicURL else {
            try? FileManager.default.removeItem(at: publicURLFile(in: folder))
            return
        }
        try? write(publicURL.text + "\n", to: publicURLFile(in: folder))
    }

    /// Keeps a working full token in the data folder of a locked server, making one when the file is missing or
    /// its token was revoked.
    /// - Throws: when the file cannot be written; the command line's commands then need `--token`.
    package static func prepare(folder: URL, listening: String, access: AccessInteractor) async throws {
        try write(listening + "\n", to: listeningFile(in: folder))
        if let kept = read(folder: folder), try await access.authorize(bearer: kept) == .granted(.full) { return }
        let created = try await access.createToken(name: name)
        try write(created.secret + "\n", to: file(in: folder))
    }

    /// Writes `text` readable by the owner only, replacing the file whole.
    private static func write(_ text: String, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).new")
        try? FileManager.default.removeItem(at: temporary)
        // Made readable by the owner only from the start, not given its mode after the bytes are in.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.synchronize()
        try handle.close()
        guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
