// swift-tools-version: 6.1
import PackageDescription

#if os(Linux)
    import Glibc

    /// How the program is linked on Linux, to keep what a running server maps small:
    /// - lld, which lays the program out more tightly than gold;
    /// - no exported symbol table: nothing loads plugins from the program, and the runtime's look-ups
    ///   at start-up no longer walk 56,000 exported names;
    /// - packed relative relocations (RELR), which glibc reads from 2.36 on: the relocation table
    ///   shrinks from 3.6 MB to 30 KB and is not paged in at every start;
    /// - in release builds, the sections a starting server touches placed first (`Linking/daybook.order`,
    ///   written by `scripts/link-order`), so they sit together instead of keeping most of the text resident.
    let programLinkerFlags: [String] = {
        var flags = ["-use-ld=lld", "-Xlinker", "--no-export-dynamic"]
        var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
        _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count)
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let version = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
        if version.count >= 2, (version[0], version[1]) >= (2, 36) {
            flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
        }
        return flags
    }()
#else
    let programLinkerFlags: [String] = []
#endif

let package = Package(
    name: "Daybook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "daybook", targets: ["daybook"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    ],
    targets: [
        .target(
            name: "DaybookCore",
            resources: [.copy("Resources/Localization"), .copy("Resources/Places")]
        ),
        .target(
            name: "DaybookStore",
            dependencies: [
                "DaybookCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "DaybookFeatures",
            dependencies: ["DaybookCore"]
        ),
        .systemLibrary(
            name: "CCMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .target(
            name: "DaybookMedia",
            dependencies: ["DaybookCore", "CCMarkGFM", "DaybookVips"]
        ),
        // libvips, loaded on the first photo read: the server neither links it nor maps it before.
        .target(
            name: "DaybookVips",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // libvips' own headers and library, for the tests: test pictures, and a check of DaybookVips' declarations.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        .target(
            name: "DaybookVipsTesting",
            dependencies: ["CVips", "DaybookVips"]
        ),
        // age encryption, tar streams and the backup archive: no database, no server.
        .target(
            name: "DaybookArchive",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "DaybookWeb",
            dependencies: [
                "DaybookArchive",
                "DaybookCore",
                "DaybookMedia",
                "DaybookStore",
                "DaybookFeatures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Resources/Templates"), .copy("Resources/Public")]
        ),
        // glibc's malloc tuning, for the server (`Serve.returnLargeBlocksToTheSystem`).
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookArchive",
                "DaybookCore",
                "DaybookWeb",
                "DaybookMedia",
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            linkerSettings: [
                .unsafeFlags(programLinkerFlags, .when(platforms: [.linux])),
                .unsafeFlags(
                    [
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Linking/daybook.order",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ],
                    .when(platforms: [.linux], configuration: .release)
                ),
            ]
        ),
        .executableTarget(
            name: "journal-benchmark",
            dependencies: [
                "DaybookCore",
                "DaybookStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/JournalBenchmark"
        ),
        .executableTarget(
            name: "places-benchmark",
            dependencies: ["DaybookCore"],
            path: "Benchmarks/PlacesBenchmark"
        ),
        .target(
            name: "DaybookTestSupport",
            dependencies: ["DaybookCore", "DaybookStore", "DaybookVipsTesting"]
        ),
        .testTarget(
            name: "DaybookCoreTests",
            dependencies: ["DaybookCore", "DaybookTestSupport"]
        ),
        .testTarget(
            name: "DaybookStoreTests",
            dependencies: ["DaybookStore", "DaybookTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "DaybookFeaturesTests",
            dependencies: ["DaybookFeatures", "DaybookTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "DaybookArchiveTests",
            dependencies: ["DaybookArchive", "DaybookTestSupport"]
        ),
        .testTarget(
            name: "DaybookMediaTests",
            dependencies: ["DaybookMedia", "DaybookCore", "DaybookTestSupport"]
        ),
        .testTarget(
            name: "DaybookWebTests",
            dependencies: [
                "DaybookArchive",
                "DaybookWeb",
                "DaybookMedia",
                "DaybookTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
