import DaybookCore
import Foundation

/// Files as Day One and jrnl write them, field by field, for the import tests: Korean, Japanese and emoji text,
/// a BOM, CRLF line ends, empty and missing fields, and the odd cases each app produces.
public enum JournalExports {
    /// Day One's "Daily Notes" journal: Markdown with Day One's escapes and a backslash the person typed, a
    /// photo and a video; a `richText`-only entry (fractional seconds, Tokyo) with a photo and a PDF; an entry
    /// with only an audio recording and no text; one without a creation date.
    public static let dayOneDailyNotes = #"""
        {
          "metadata" : { "version" : "1.0" },
          "entries" : [
            {
              "uuid" : "D1A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9",
              "creationDate" : "2024-07-14T03:20:00Z",
              "modifiedDate" : "2024-07-14T04:00:00Z",
              "timeZone" : "Europe\/Paris",
              "text" : "# Bastille Day\n\nFireworks over the river\\. Tickets 3\\.50 €\\! Saved in C:\\\\Users\\\\mina and C:\\Temp 🎆\n\n![](dayone-moment:\/\/P1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6)\n\n![](dayone-moment:\/video\/V1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6)",
              "tags" : [ "travel", "France" ],
              "starred" : true,
              "location" : {
                "region" : { "center" : { "latitude" : 48.8566, "longitude" : 2.3522 }, "radius" : 75 },
                "localityName" : "Paris", "country" : "France", "timeZoneName" : "Europe\/Paris",
                "administrativeArea" : "Île-de-France", "placeName" : "Pont Neuf",
                "latitude" : 48.8566, "longitude" : 2.3522
              },
              "weather" : {
                "temperatureCelsius" : 24.5, "conditionsDescription" : "Partly Cloudy",
                "weatherCode" : "partly-cloudy-night", "windSpeedKPH" : 11.2, "weatherServiceName" : "HAMweather"
              },
              "photos" : [
                { "identifier" : "P1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", "md5" : "0123456789abcdef0123456789abcdef",
                  "type" : "jpeg", "orderInEntry" : 0, "width" : 4, "height" : 3 }
              ],
              "videos" : [
                { "identifier" : "V1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", "md5" : "fedcba9876543210fedcba9876543210",
                  "type" : "mov", "duration" : 12.5 }
              ]
            },
            {
              "uuid" : "D2A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9",
              "creationDate" : "2024-07-15T21:05:30.250Z",
              "timeZone" : "Asia\/Tokyo",
              "text" : "",
              "richText" : "{\"meta\":{\"version\":1,\"created\":{\"platform\":\"com.bloombuilt.dayone-ios\",\"version\":1200}},\"contents\":[{\"attributes\":{\"line\":{\"header\":1,\"identifier\":\"L1\"}},\"text\":\"朝の散歩\\n\"},{\"text\":\"鴨川を歩いた。🦆 2 * 3 = 6\\n\"},{\"embeddedObjects\":[{\"type\":\"photo\",\"identifier\":\"P2A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6\"}]},{\"embeddedObjects\":[{\"type\":\"pdfAttachment\",\"identifier\":\"F1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6\"}]}]}",
              "tags" : [ ],
              "starred" : false,
              "photos" : [
                { "identifier" : "P2A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", "md5" : "aa11aa11aa11aa11aa11aa11aa11aa11",
                  "type" : "jpeg" }
              ],
              "pdfAttachments" : [
                { "identifier" : "F1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", "md5" : "bb22bb22bb22bb22bb22bb22bb22bb22",
                  "type" : "pdf", "pdfName" : "Ticket.pdf" }
              ]
            },
            {
              "uuid" : "D3A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9",
              "creationDate" : "2024-07-16T10:00:00Z",
              "timeZone" : "Asia\/Tokyo",
              "audios" : [
                { "identifier" : "A1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", "md5" : "cc33cc33cc33cc33cc33cc33cc33cc33",
                  "format" : "m4a", "duration" : 30 }
              ]
            },
            {
              "uuid" : "D4A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9",
              "text" : "No date on this one"
            }
          ]
        }
        """#

    /// Day One's "교토 여행" journal (its file name written decomposed, as macOS does): a Korean entry whose photo
    /// is missing from the ZIP, and one with no time zone and no heading.
    public static let dayOneKyoto = #"""
        {"metadata": {"version": "1.0"}, "entries": [
          {"uuid": "K1A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9", "creationDate": "2025-04-01T00:30:00Z", "timeZone": "Asia/Seoul",
           "text": "# 벚꽃\n\n철학의 길을 걸었다\\. 🌸\n\n![](dayone-moment://P3A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6)",
           "tags": ["봄", "Kyoto"], "starred": false,
           "location": {"placeName": "哲学の道", "localityName": "京都市", "country": "日本",
                        "latitude": 35.0268, "longitude": 135.7945},
           "photos": [{"identifier": "P3A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", "md5": "dd44dd44dd44dd44dd44dd44dd44dd44", "type": "jpeg"}]},
          {"uuid": "K2A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9", "creationDate": "2025-04-02T13:45:00Z",
           "text": "저녁은 라멘 🍜", "tags": []}
        ]}
        """#

    /// The journals' file names in the ZIP.
    public static let dailyNotesFile = "Daily Notes.json"
    public static let kyotoFile = "교토 여행".decomposedStringWithCanonicalMapping + ".json"
    /// Photo files in the ZIP (P3's is left out on purpose).
    public static let dayOnePhotoFiles = [
        "photos/0123456789abcdef0123456789abcdef.jpeg", "photos/aa11aa11aa11aa11aa11aa11aa11aa11.jpeg",
    ]
    /// The other attachments' files, which Daybook does not import.
    public static let dayOneOtherFiles = [
        "videos/fedcba9876543210fedcba9876543210.mov", "pdfs/bb22bb22bb22bb22bb22bb22bb22bb22.pdf",
        "audios/cc33cc33cc33cc33cc33cc33cc33cc33.m4a",
    ]

    /// A jrnl journal in its default `timeformat`, with a BOM and CRLF line ends: a title line with a body, a
    /// starred entry, a one-line entry (its first sentence is the title), a stamp that is no real day, an
    /// entry starred as people type it, and a bracketed line that is no stamp.
    public static let jrnlDefault: Data = {
        let lines: [String] = [
            "\u{FEFF}[2024-03-01 08:15] Morning walk by the river. The water was high. @walk",
            "Saw two herons by the @river.",
            "",
            "[2024-03-02 21:40] Finished the book! *",
            "@reading @Café @読書 @일기 me@example.com",
            "",
            "[2024-03-03 07:00] 一行だけ。次の文 @日記",
            "[2024-02-30 10:00] Not a real day.",
            "",
            "[2024-03-04 10:00] *Starred the way people type it 🎉",
            "[not a date] stays in the body",
            "",
        ]
        return Data(lines.joined(separator: "\r\n").utf8)
    }()

    /// `jrnl --export json`, as its JSON exporter writes it (tags with their `@`, `uuid` when jrnl had one).
    public static let jrnlJSON = Data(
        #"""
        {
          "tags": {
            "@work": 2,
            "@회의": 1
          },
          "entries": [
            {
              "title": "Standup.",
              "body": "Talked about the release @work.",
              "date": "2025-01-06",
              "time": "09:30",
              "tags": ["@work"],
              "starred": true
            },
            {
              "title": "주간 회의",
              "body": "",
              "date": "2025-01-07",
              "time": "14:05",
              "tags": ["@work", "@회의"],
              "starred": false,
              "uuid": "8C5B1A40F6A84B7E9B0F5C7D1E2A3B4C"
            },
            {
              "title": "Broken",
              "body": "x",
              "date": "07/01/2025",
              "time": "10:00",
              "tags": [],
              "starred": false
            }
          ]
        }
        """#.utf8)

    /// jrnl 2's encrypted journal: one Fernet token.
    public static let jrnlFernet = Data(
        "gAAAAABlZ3Jvb3RfZmVybmV0X3Rva2VuX2Zvcl90ZXN0c19vbmx5X25vdF9yZWFsX2NpcGhlcnRleHQ9PQ-_abcDEF0123456789==\n".utf8)

    /// jrnl 1.x's encrypted journal: a 16-byte IV and AES blocks (bytes that are no text), made from a seed.
    public static let jrnlAES: Data = {
        var state: UInt32 = 0x1234_5678
        return Data(
            (0..<64).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            })
    }()
}

extension ImportEntryStream {
    /// Every entry and problem the file hands on, gathered as a batch holds them.
    public func collected() throws -> ImportBatch {
        var batch = ImportBatch()
        try forEach { batch.add($0) }
        return batch
    }
}
