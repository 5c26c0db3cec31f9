// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RoadTrip",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roadtrip", targets: ["RoadTripCLI"]),
    ],
    targets: [
        // C libraries from Debian.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // Libraries that know nothing of RoadTrip.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMicroHTTPDShim"]),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "HTML"),

        // The product.
        .target(name: "RoadTrip", dependencies: ["SQLite"], resources: [.copy("Resources/DemoDestinations.plist")]),
        .target(
            name: "RoadTripWeb",
            dependencies: ["RoadTrip", "HTTPServer", "HTML"],
            resources: [.copy("Assets")]
        ),
        .executableTarget(
            name: "RoadTripCLI",
            dependencies: ["RoadTripWeb", "RoadTrip", "HTTPServer", "SQLite"]
        ),

        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "HTMLTests", dependencies: ["HTML"]),
        .testTarget(name: "RoadTripTests", dependencies: ["RoadTrip", "SQLite"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RoadTripWebTests", dependencies: ["RoadTripWeb", "RoadTrip", "HTTPServer", "HTML"]),
    ],
    swiftLanguageModes: [.v6]
)
