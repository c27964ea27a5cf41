import ArgumentParser
import DaybookCore
import Foundation

struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Add photos to a running Daybook.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload a JPEG, PNG, WebP or HEIC photo and print its id.",
            discussion: "Example: daybook photo add ~/Pictures/IMG_0042.HEIC")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The image file.") var file: String
        @Option(help: "plain (the id) or json (the photo's metadata).") var format: OutputFormat = .plain

        enum OutputFormat: String, ExpressibleByArgument {
            case plain, json
        }

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
            let data = try await perform { try await client.upload("api/v1/photos", file: url) }
            if format == .json {
                print(String(decoding: data, as: UTF8.self))
                return
            }
            let photo = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            print(photo["id"] as? String ?? "")
        }

        /// Says why on standard error and exits with status 1, as a refusal from the server does.
        static func refuse(_ reason: String) throws -> Never {
            FileHandle.standardError.write(Data((reason + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
