import Foundation

/// An entry's attachments in a Day One export: `photos`, `videos`, `audios` and `pdfAttachments`, each with the
/// `identifier` the text links to and the `md5` that names its file (`photos/`, `videos/`, `audios/`, `pdfs/`).
/// Photos come to Daybook; the others are named as problems, since Daybook keeps photos only.
struct DayOneAttachments {
    enum Kind: String, CaseIterable {
        case photo, video, audio, pdf

        /// The entry's key for this kind, and the folder its files are in.
        var key: String {
            switch self {
            case .photo: "photos"
            case .video: "videos"
            case .audio: "audios"
            case .pdf: "pdfAttachments"
            }
        }

        var folder: String { self == .pdf ? "pdfs" : key }

        /// What a problem calls it.
        var noun: String {
            switch self {
            case .photo: "photo"
            case .video: "video"
            case .audio: "audio recording"
            case .pdf: "PDF"
            }
        }
    }

    var photos: [ImportBatch.Photo] = []
    /// Every attachment's kind by identifier.
    var kinds: [String: Kind] = [:]
    var problems: [ImportProblem] = []

    init(_ entry: [String: Any], item: String) {
        for kind in Kind.allCases {
            for (index, value) in (entry[kind.key] as? [Any] ?? []).enumerated() {
                let object = value as? [String: Any] ?? [:]
                let identifier = object["identifier"] as? String
                // Only ever a name looked up in the archive, never a path on disk.
                let md5 = (object["md5"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                let type = ((object["type"] ?? object["format"]) as? String).flatMap { $0.isEmpty ? nil : $0 }
                let file = md5.map { "\(kind.folder)/\($0)" + (type.map { ".\($0.lowercased())" } ?? "") }
                let name = "\(kind.noun) " + (file ?? identifier ?? "\(index + 1)")
                if let identifier { kinds[identifier] = kind }
                guard kind == .photo else {
                    problems.append(.init(item: "\(item): \(name)", key: "import.problem.photosOnly"))
                    continue
                }
                guard let identifier, let file else {
                    problems.append(
                        .init(item: "\(item): \(name)", key: "import.problem.photoNoFile", kind: .photos))
                    continue
                }
                photos.append(.init(sourceID: identifier, path: type == nil ? file + ".jpeg" : file, entry: item))
            }
        }
    }

}
