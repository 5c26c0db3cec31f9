// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RoadTrip",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roadtrip", targets: ["RoadTripCLI"])
    ],
    targets: [
        // C libraries from Debian.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // Exported so that libmicrohttpd's own answers pass through the shim's MHD_queue_response
        // (own_answers.c), which gives them RoadTrip's headers.
        .target(
            name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=MHD_queue_response"])]
        ),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // SHA-256 only: OpenSSL's uses the processor's SHA instructions, 4–5× libsodium's.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // libjpeg (which libvips itself links) for the whole-file check of JPEG scans.
        // Optimised in debug builds too: it draws the demo photos (every first start) and the
        // tests' pictures pixel by pixel (a debug build's first start: 8.2 s unoptimised, 6.6 s so).
        .target(
            name: "CVipsShim", dependencies: ["CVips"],
            cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))], linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // The printed book: Cairo's PDF surface with Pango's text, and qpdf to set its pages' trim and bleed boxes.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),

        // Libraries that know nothing of RoadTrip.
        // The POSIX calls the project makes: EINTR retried, errno as one error type, whole
        // writes, files placed whole (temporary, fsync, rename).
        .target(name: "CSystemShim"),
        .target(name: "SystemCalls", dependencies: ["CSystemShim"]),
        .target(name: "NetworkAddress"),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMicroHTTPDShim", "NetworkAddress", "SystemCalls", "TextRules"]),
        // One database interface (SQL values, rows, errors, migrations), and its two engines.
        .target(name: "SQLDatabase"),
        .target(name: "SQLite", dependencies: ["CSQLite", "SQLDatabase"]),
        .target(name: "PostgreSQL", dependencies: ["CPostgreSQL", "SQLDatabase", "TextRules"]),
        // What the tests of every target share (libraries, since test targets cannot import
        // each other): temporary folders, recorders, the one way to run a child process.
        .target(name: "TestSupport", dependencies: ["SystemCalls", "CZip"]),
        // A fresh, empty database of either engine for each test, and `.onEachEngine` to run a
        // suite on both; starts a throwaway PostgreSQL when none is given.
        .target(name: "TestDatabases", dependencies: ["SQLDatabase", "SQLite", "PostgreSQL", "TestSupport"]),
        .target(name: "HTML"),
        // gzip and Brotli, for what is compressed once and served many times (the assets).
        .target(name: "Compression", dependencies: ["CZlib", "CBrotli"]),
        // Zip files from outside (Google Takeout parts), read in place with their limits checked first.
        .target(name: "ZipArchive", dependencies: ["CZip", "SystemCalls"]),
        // RoadTrip's icon drawn in pixels, for home screens.
        .target(name: "CArtwork", linkerSettings: [.linkedLibrary("m")]),
        // The one rule for text-direction override characters in names that are shown.
        .target(name: "TextRules"),
        .target(name: "Crypto", dependencies: ["CSodium", "CLibCrypto", "SystemCalls"]),
        .target(name: "PageFetcher", dependencies: ["CCurl", "CCurlShim", "NetworkAddress"]),
        .target(name: "Imaging", dependencies: ["CVips", "CVipsShim", "CExif", "TextRules", "SystemCalls"]),
        // Videos: what FFmpeg (a child process under limits) reads and makes of them.
        .target(name: "Video", dependencies: ["SystemCalls"]),
        .target(name: "PrintedBook", dependencies: ["CCairo", "CQPDF", "Imaging", "SystemCalls"]),
        // Optimised in debug builds too: its parsers and indexes are loops over every place of the
        // gazetteer and every point of the borders, which each process that places a photo loads.
        .target(
            name: "Geo", dependencies: ["CZlib"], resources: [.copy("Resources/cities1000.tsv.gz"), .copy("Resources/countries.tsv.gz")],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // The product.
        .target(
            name: "RoadTrip",
            dependencies: [
                "SQLDatabase", "SQLite", "PostgreSQL", "Crypto", "Imaging", "Video", "Geo", "TextRules", "SystemCalls", "ZipArchive",
                "PrintedBook",
            ], resources: [.copy("Resources/DemoDestinations.plist")]),
        .target(
            name: "RoadTripWeb",
            dependencies: [
                "RoadTrip", "SQLDatabase", "HTTPServer", "HTML", "Crypto", "NetworkAddress", "Compression", "CArtwork", "SystemCalls",
                "Video", "PrintedBook",
            ],
            resources: [.copy("Assets")]
        ),
        // A running RoadTrip wired together: library, app, fetchers, server, background workers.
        .target(name: "RoadTripInstance", dependencies: ["RoadTripWeb", "RoadTrip", "HTTPServer", "PageFetcher", "NetworkAddress"]),
        // Only parses arguments and hands over to the modules.
        .executableTarget(
            name: "RoadTripCLI",
            dependencies: [
                "RoadTripInstance", "RoadTripWeb", "RoadTrip", "HTTPServer", "SQLDatabase", "SQLite", "Crypto", "NetworkAddress",
                "SystemCalls", "PrintedBook",
            ]
        ),

        // Fuzzing (`make fuzz`, fuzz/README.md): each parser of bytes that come from outside as one
        // function of bytes, and their seeds.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "HTTPServer", "RoadTripWeb", "RoadTrip", "Imaging", "Video", "Geo", "NetworkAddress", "SQLDatabase", "SQLite",
                "SystemCalls", "ZipArchive", "CZlib",
            ]
        ),
        // Built plainly, it runs every target over its corpus once (`make test`) or writes the seeds;
        // built with `--sanitize=fuzzer` (and its own main renamed), libFuzzer's main drives one target.
        .executableTarget(name: "FuzzDriver", dependencies: ["FuzzTargets"]),

        // A child process for the decode-memory tests, which bound its peak memory.
        .executableTarget(name: "ImagingProbe", dependencies: ["Imaging"]),

        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "TestDatabases", "SQLDatabase", "SQLite", "PostgreSQL"]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "SystemCalls", "TestSupport"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "SQLDatabase", "TestDatabases", "TestSupport"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "SQLDatabase", "TestDatabases", "TestSupport"]),
        .testTarget(name: "HTMLTests", dependencies: ["HTML"]),
        .testTarget(name: "CompressionTests", dependencies: ["Compression"]),
        .testTarget(name: "ZipArchiveTests", dependencies: ["ZipArchive", "TestSupport"]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto", "SystemCalls"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "ImagingProbe", "TestSupport"]),
        .testTarget(name: "TextRulesTests", dependencies: ["TextRules"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo", "TestSupport"]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "SystemCalls", "TestSupport"]),
        .testTarget(name: "PrintedBookTests", dependencies: ["PrintedBook", "Imaging", "TestSupport"]),
        .testTarget(name: "PageFetcherTests", dependencies: ["PageFetcher", "HTTPServer", "NetworkAddress", "TestSupport"]),
        .testTarget(name: "NetworkAddressTests", dependencies: ["NetworkAddress"]),
        .testTarget(
            name: "RoadTripTests",
            dependencies: [
                "RoadTrip", "SQLDatabase", "SQLite", "PostgreSQL", "TestDatabases", "TestSupport", "Crypto", "Imaging", "Video", "Geo",
                "HTTPServer",
            ], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "RoadTripWebTests",
            dependencies: [
                "RoadTripWeb", "RoadTrip", "TestDatabases", "TestSupport", "PostgreSQL", "SQLite", "HTTPServer", "HTML", "Crypto",
                "Imaging", "Video", "Geo",
                "NetworkAddress", "Compression",
            ],
            // Pages' recorded HTML, read by PageSnapshotTests from the source tree.
            exclude: ["Pages/__Snapshots__"]
        ),
        // The `roadtrip` command run as a person runs it, and whole instances serving over real
        // sockets: child processes, signals, ports.
        .testTarget(
            name: "RoadTripCLITests",
            dependencies: [
                "RoadTripCLI", "RoadTripInstance", "RoadTripWeb", "RoadTrip", "HTTPServer", "TestDatabases", "TestSupport", "SQLDatabase",
                "SQLite", "Crypto", "Imaging",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
