import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookMedia
import DaybookStore
import Foundation

/// Demo photos: landscapes (a sky, a sun and two rows of hills, in the colours of a time of day) drawn here as
/// an uncompressed PNG, made a JPEG by libvips, added the way uploads are, and set as the covers of entries spread
/// over the years.
struct DemoPhotos {
    let database: AppDatabase
    let dataFolder: URL

    static let width = 1024
    static let height = 768

    /// Adds `count` photos and makes them covers; returns how many entries got one.
    func write(count: Int, seed: UInt64) async throws -> Int {
        guard count > 0 else { return 0 }
        let services = PhotoServices(dataFolder: dataFolder, processor: VipsPhotoProcessor(), ids: PhotoIDGenerator())
        let photos = services.interactor(database, clock: SystemClock())
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "daybook-demo-\(ProcessInfo.processInfo.processIdentifier).png")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var random = SeededGenerator(seed: seed &+ 0x5EED)
        var ids: [String] = []
        for _ in 0..<count {
            try Self.landscape(random: &random).write(to: scratch)
            // libvips reads the pixels and writes the JPEG a phone would have sent.
            let jpeg = try await services.processor.rendition(of: scratch, width: Self.width)
            let upload = try photos.newUploadFile()
            try jpeg.data.write(to: upload)
            ids.append(try await photos.add(upload: upload, sha256: FileDigest.sha256(jpeg.data)).id)
        }
        return try await database.attachDemoCovers(ids)
    }

    /// One landscape as an RGB PNG.
    static func landscape(random: inout SeededGenerator) -> Data {
        let (width, height) = (Self.width, Self.height)
        // Dawn, day, dusk or night: the sky's top and horizon colours, and the hills'.
        let palettes: [([Double], [Double], [Double])] = [
            ([64, 90, 160], [250, 190, 140], [70, 60, 90]),
            ([70, 140, 220], [190, 225, 245], [60, 110, 70]),
            ([50, 40, 110], [245, 130, 90], [60, 40, 60]),
            ([15, 20, 45], [45, 60, 100], [20, 25, 35]),
        ]
        let (top, horizon, hill) = palettes.randomElement(using: &random)!
        let sun = (
            x: Double.random(in: 0.15...0.85, using: &random) * Double(width),
            y: Double.random(in: 0.15...0.45, using: &random) * Double(height),
            r: Double.random(in: 30...70, using: &random)
        )
        let waves = (0..<2).map { _ in
            (
                phase: Double.random(in: 0...(2 * .pi), using: &random),
                length: Double.random(in: 180...420, using: &random),
                base: Double.random(in: 0.55...0.75, using: &random)
            )
        }
        var ridges = [[Int]](repeating: [Int](repeating: 0, count: width), count: 2)
        for (n, wave) in waves.enumerated() {
            for x in 0..<width {
                let y = wave.base + 0.06 * sin(Double(x) / wave.length * 2 * .pi + wave.phase) + Double(n) * 0.1
                ridges[n][x] = Int(y * Double(height))
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let t = Double(y) / Double(height) / 0.7
                let sky = (0..<3).map { UInt8(max(0, min(255, top[$0] + (horizon[$0] - top[$0]) * min(1, t)))) }
                let far = (0..<3).map { UInt8(hill[$0] * 1.3 + 20) }
                let near = (0..<3).map { UInt8(hill[$0]) }
                let dy = Double(y) - sun.y
                for x in 0..<width {
                    let index = (y * width + x) * 3
                    var color = sky
                    let dx = Double(x) - sun.x
                    if dx * dx + dy * dy < sun.r * sun.r { color = [255, 236, 180] }
                    if y > ridges[0][x] { color = far }
                    if y > ridges[1][x] { color = near }
                    buffer[index] = color[0]
                    buffer[index + 1] = color[1]
                    buffer[index + 2] = color[2]
                }
            }
        }
        return png(rgb: pixels, width: width, height: height)
    }

    /// A PNG of 8-bit RGB pixels, its image data in stored (uncompressed) deflate blocks: valid, and quick to make.
    static func png(rgb pixels: [UInt8], width: Int, height: Int) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(0)  // no filter
            raw.append(contentsOf: pixels[(y * width * 3)..<((y + 1) * width * 3)])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let size = min(65_535, raw.count - offset)
            let last: UInt8 = offset + size == raw.count ? 1 : 0
            zlib.append(last)
            zlib.append(contentsOf: [
                UInt8(size & 0xff), UInt8(size >> 8), UInt8(~size & 0xff), UInt8((~size >> 8) & 0xff),
            ])
            zlib.append(contentsOf: raw[offset..<(offset + size)])
            offset += size
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib.append(contentsOf: bigEndian((b << 16) | a))

        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter method, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (kind, body) in [("IHDR", header), ("IDAT", zlib), ("IEND", [])] {
            let typed = Array(kind.utf8) + body
            png += bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        return Data(png)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
