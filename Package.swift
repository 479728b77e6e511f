// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "worldclock",
    products: [
        .library(name: "HangulIndex", targets: ["HangulIndex"]),
        .library(name: "WorldClock", targets: ["WorldClock"]),
        .executable(name: "index-benchmark", targets: ["IndexBenchmark"]),
    ],
    targets: [
        // The system ICU (libicu-dev). Only ICUBridge's .c file includes its headers: Swift modules
        // that import Foundation must never see it (Foundation bundles ICU 76 headers; the clash only
        // shows on a clean build).
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // Plain-C wrappers around the ICU functions we use: ICU 72 renames them by macro
        // (ucol_open → ucol_open_72), which Swift cannot import. Its public header has opaque
        // types and plain C types only.
        .target(name: "ICUBridge", dependencies: ["CICU"]),
        // Choseong of every Unicode form, the ICU-collated section index, Hangul search keys.
        .target(name: "HangulIndex", dependencies: ["ICUBridge"]),
        .executableTarget(name: "IndexBenchmark", dependencies: ["HangulIndex"]),
        // The catalogue: the bundled table, its validation, zone times from Foundation, Korean formatting.
        .target(name: "WorldClock", dependencies: ["HangulIndex"]),

        .testTarget(name: "HangulIndexTests", dependencies: ["HangulIndex"]),
        .testTarget(name: "WorldClockTests", dependencies: ["WorldClock"]),
        // Imports Foundation beside HangulIndex: a clean build of this target proves the ICU isolation.
        .testTarget(name: "FoundationCanaryTests", dependencies: ["HangulIndex"]),
    ]
)
