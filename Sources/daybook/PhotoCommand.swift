import ArgumentParser
import DaybookCore
import Foundation

struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Add photos to a running Daybook.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Upload a JPEG, PNG, WebP or HEIC photo and print its id.",
            discussion: "Example: daybook photo add ~/Pictures/IMG_0042.HEIC --entry 3F2A…")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The image file.") var file: String
        @Option(help: "An entry to add the photo to, at the end of its text.") var entry: String?
        @Option(help: "plain (the id) or json (the photo's metadata).") var format: OutputFormat = .plain

        func run() async throws {
            let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                try Self.refuse("\(file): no such file.")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= Photo.Limits.bytes else {
                try Self.refuse(
                    "\(file) is larger than \(Photo.Limits.bytes / (1024 * 1024)) MB; Daybook does not take it.")
            }
            let client = try server.client()
            if let entry {
                // Known before the upload, so a wrong id leaves no photo behind.
                _ = try await perform { try await client.send("GET", JournalCommand.path(entry)) }
            }
            let data = try await perform { try await client.upload("api/v1/photos", file: url) }
            let id = try JournalCommand.object(data)["id"] as? String ?? ""
            if let entry { try await append(photo: id, to: entry, client: client) }
            print(format == .json ? String(decoding: data, as: UTF8.self) : id)
        }

        /// Adds `![](/photos/ID)` at the end of the entry's text, from the revision just read.
        func append(photo: String, to entry: String, client: APIClient) async throws {
            let path = JournalCommand.path(entry)
            let current = try JournalCommand.object(try await perform { try await client.send("GET", path) })
            let body = current["body"] as? String ?? ""
            let separator = body.isEmpty ? "" : body.hasSuffix("\n") ? "\n" : "\n\n"
            let change: [String: Any] = [
                "body": body + separator + "![](/photos/\(photo))\n", "revision": current["revision"] as? Int ?? 0,
            ]
            _ = try await perform { try await client.send("PATCH", path, json: change) }
        }

        /// Says why on standard error and exits with status 1, as a refusal from the server does.
        static func refuse(_ reason: String) throws -> Never {
            FileHandle.standardError.write(Data((reason + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
