// swift-tools-version:6.1
import Foundation
import PackageDescription

/// This repository, as an app adds it: by path, for the WorldClockKit product alone.
/// `Scripts/dev/check-kit-consumer` builds and runs this package and lists the packages it resolves.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "KitConsumer",
    // At least the kit's own minimums, as an app must declare.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    // No traits: the default trait Server brings the HTTP server's packages (Hummingbird, NIO, …).
    dependencies: [.package(path: repository.path, traits: [])],
    targets: [
        // Names SwiftUI declares (`Section`, `@Environment`), in a module of their own as SwiftUI's
        // are: an app imports it beside the kit, and a same-named type the kit re-exported would
        // make every unqualified use ambiguous.
        .target(name: "SwiftUINames", path: "Sources/SwiftUINames"),
        .executableTarget(
            name: "KitConsumer",
            dependencies: [
                "SwiftUINames",
                // A path dependency's identity is its directory's name: the clone's, whatever it is.
                .product(name: "WorldClockKit", package: repository.lastPathComponent),
            ],
            path: "Sources/KitConsumer"
        ),
        // The kit's example (Examples/WorldClockKitExample, linked here) built as an app builds it:
        // from outside the package, so it compiles against the public API alone, never `package`.
        .executableTarget(
            name: "KitExample",
            dependencies: [
                .product(name: "WorldClockKit", package: repository.lastPathComponent)
            ],
            path: "Sources/KitExample"
        ),
    ]
)
