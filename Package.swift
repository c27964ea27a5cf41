// swift-tools-version: 6.1
import PackageDescription

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
        // Realistic, deterministic demo data (`daybook demo`, the benchmarks, the tests), written through what the
        // store opens to it.
        .target(
            name: "DaybookDemo",
            dependencies: [
                "DaybookCore",
                "DaybookStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .systemLibrary(
            name: "CCMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // libqrencode, for the QR code of a pairing link.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
        ),
        .target(
            name: "DaybookMedia",
            dependencies: ["DaybookCore", "CCMarkGFM", "CQRencode", "DaybookVips"]
        ),
        // libvips, loaded on the first photo read. Every command line `daybook` runs is this one program, and linking
        // libvips would load it and the 100-odd shared libraries it needs (80 ms here) before each command starts.
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
        // zlib, for the CRC-32 that ZIP entries carry.
        .systemLibrary(
            name: "CDaybookZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // age encryption, tar streams and the backup archive: no database, no server.
        .target(
            name: "DaybookArchive",
            dependencies: [
                "CDaybookZlib",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // The data folder and what the command line shares with the server: backups, imports and exports, the
        // self-check, passphrases, the lock, the configuration and its public URL, the clock.
        .target(
            name: "DaybookDataFolder",
            dependencies: [
                "DaybookArchive",
                "DaybookCore",
                "DaybookMedia",
                "DaybookStore",
                "DaybookFeatures",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .target(
            name: "DaybookWeb",
            dependencies: [
                "DaybookArchive",
                "DaybookCore",
                "DaybookDataFolder",
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
            resources: [.copy("Resources/Templates"), .copy("Resources/Public"), .copy("Resources/Scriptable")]
        ),
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookArchive",
                "DaybookCore",
                "DaybookDataFolder",
                "DaybookDemo",
                "DaybookWeb",
                "DaybookMedia",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The parsers of outside bytes as fuzz targets: run by the tests with a seeded mutator, and by
        // `daybook-fuzz` under libFuzzer (scripts/fuzz builds it with -sanitize=fuzzer).
        .target(
            name: "DaybookFuzzing",
            dependencies: [
                "DaybookArchive",
                "DaybookCore",
                "DaybookMedia",
                "DaybookWeb",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Markdown written to hurt a renderer, for the tests and markdown-benchmark.
        .target(name: "DaybookHostileText"),
        // libFuzzer's driver, declared for Swift; defined by the fuzzer runtime that -sanitize=fuzzer links.
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "daybook-fuzz",
            dependencies: ["CLibFuzzer", "DaybookFuzzing"]
        ),
        .executableTarget(
            name: "journal-benchmark",
            dependencies: [
                "DaybookCore",
                "DaybookDemo",
                "DaybookStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/JournalBenchmark"
        ),
        .executableTarget(
            name: "migration-benchmark",
            dependencies: [
                "DaybookStore",
                "DaybookTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/MigrationBenchmark"
        ),
        .executableTarget(
            name: "markdown-benchmark",
            dependencies: ["CCMarkGFM", "DaybookCore", "DaybookHostileText", "DaybookMedia"],
            path: "Benchmarks/MarkdownBenchmark"
        ),
        .executableTarget(
            name: "places-benchmark",
            dependencies: ["DaybookCore"],
            path: "Benchmarks/PlacesBenchmark"
        ),
        .target(
            name: "DaybookTestSupport",
            dependencies: [
                "DaybookCore",
                "DaybookStore",
                "DaybookVipsTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "DaybookCoreTests",
            dependencies: ["DaybookCore", "DaybookTestSupport"]
        ),
        .testTarget(
            name: "DaybookStoreTests",
            dependencies: [
                "DaybookDemo", "DaybookStore", "DaybookTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "DaybookFeaturesTests",
            dependencies: ["DaybookFeatures", "DaybookTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "DaybookArchiveTests",
            dependencies: [
                "DaybookArchive", "DaybookTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "DaybookMediaTests",
            dependencies: ["DaybookMedia", "DaybookCore", "DaybookHostileText", "DaybookTestSupport"]
        ),
        .testTarget(
            name: "DaybookWebTests",
            dependencies: [
                "DaybookArchive",
                "DaybookDataFolder",
                "DaybookDemo",
                "DaybookFuzzing",
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
