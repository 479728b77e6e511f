// swift-tools-version:6.1
import Foundation
import PackageDescription

/// `Scripts/dev/fuzz` sets WORLDCLOCK_FUZZING=1: the code under test is then compiled with libFuzzer's
/// coverage and AddressSanitizer, and the Fuzz target gets libFuzzer's `main`. Only these targets:
/// a build tool (EmbedFilesTool) with libFuzzer linked in would run libFuzzer instead of itself.
let fuzzing = ProcessInfo.processInfo.environment["WORLDCLOCK_FUZZING"] != nil
let fuzzed: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("FUZZING")] : []

/// `Scripts/release/package` sets WORLDCLOCK_COMMIT to the commit it builds, which `--version` names (hex
/// digits and `-dirty` only). Any other build has none and says it is a development build, so
/// tests and ordinary builds do not change with the checkout's commit.
let commit = ProcessInfo.processInfo.environment["WORLDCLOCK_COMMIT"].flatMap { value in
    value.allSatisfy { $0.isHexDigit || $0 == "-" || ("a"..."z").contains($0) } && !value.isEmpty ? value : nil
}

/// The server's packages are needed only under the Server trait (on by default).
let server: TargetDependencyCondition? = .when(traits: ["Server"])

let package = Package(
    name: "worldclock",
    // The oldest systems whose Swift runtime has every API the kit uses (Mutex, String(validating:as:)):
    // Scripts/dev/check-availability, in CI, fails when the kit's modules use a newer one.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    // What users consume: the two executables and the kit an app links. Benchmarks, the fuzzer,
    // the catalogue compiler and the example are executable targets below (`swift run NAME`).
    products: [
        .executable(name: "worldclock", targets: ["worldclock"]),
        .executable(name: "worldclock-server", targets: ["worldclock-server"]),
        // The catalogue for apps: sections, Korean search, times and the feed, with no ICU.
        .library(name: "WorldClockKit", targets: ["WorldClockKit"]),
    ],
    // An app that adds WorldClockKit alone writes `traits: []`: the server's packages are then not
    // resolved at all (SwiftPM resolves every dependency some product needs, whichever the app uses).
    traits: [
        .trait(name: "Server", description: "The HTTP feed server (worldclock-server) and its packages: Hummingbird, SwiftNIO, …"),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // No default traits: FullFoundation links the whole Foundation (and its 30 MB of ICU data) into
        // the static server for a DateFormatter in URL-encoded forms, which it does not use; and
        // ConfigurationSupport resolves swift-configuration, which it does not use either.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The server's services (graceful shutdown, the rules reloader) and SIGHUP (UnixSignals).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `/metrics`: recorded through swift-metrics, written in Prometheus's text format.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package generate-documentation --target WorldClockKit` (DocC).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The system ICU's headers (libicu-dev). Only ICUBridge's .c file includes them: Swift
        // modules that import Foundation must never see them (Foundation bundles ICU 76 headers; the
        // clash only shows on a clean build). Not linked: ICUBridge opens the libraries on first use.
        .systemLibrary(
            name: "CICU",
            providers: [.apt(["libicu-dev"])]
        ),
        // Plain-C wrappers around the ICU functions we use: ICU 72 renames them by macro
        // (ucol_open → ucol_open_72), which Swift cannot import. Its public header has opaque
        // types and plain C types only. It dlopens ICU on the first call, so a run on the bundled
        // catalogue (compiled in) loads no ICU at all.
        .target(name: "ICUBridge", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("dl")]),
        // Hangul search, jamo, and sections as a value (titles, rows, the section of a typed title):
        // no ICU, so an app can link it.
        .target(name: "HangulIndex", dependencies: ["WireCore"], swiftSettings: fuzzed),
        // The wire and the time values it carries: a zone's timeline, local date-times, RFC 3339
        // text and the JSON writer; and the one table of refusals (`Refusal`), which search's and
        // the plan's errors map through. No Foundation and no dependencies (Embedded-clean, built
        // for wasm32 by Scripts/dev/build-wasm), below HangulIndex, search and planning.
        .target(name: "WireCore", swiftSettings: fuzzed),
        // Everything search decides (offsets, abbreviations in use, whole words, labels, limits,
        // notes), with the tz rules it needs as plain data: imports HangulIndex alone, so that it
        // builds for Embedded Swift on wasm32 too (Scripts/dev/check-embedded) and the web module
        // answers as the CLI, the server and the kit do.
        .target(name: "SearchEngine", dependencies: ["HangulIndex", "WireCore"], swiftSettings: fuzzed),
        // The meeting planner, Foundation-free like the search core: the kit reads zones from TZif
        // files, the web module from the feed's transitions (Scripts/dev/build-wasm compiles it too).
        .target(name: "MeetingPlanning", dependencies: ["SearchEngine", "WireCore"], swiftSettings: fuzzed),
        // What needs ICU's collator and normalizer: the section index definition, collated section
        // order, NFKC choseong. Used at build time for the bundled catalogue and at run time only
        // for a user's own table.
        .target(name: "HangulCollation", dependencies: ["HangulIndex", "ICUBridge"], swiftSettings: fuzzed),
        // Time-zone rules from tz's own TZif files (RFC 8536 + POSIX footer): the newest of the
        // system's tzdata and the copy compiled in from Data/tzdata. Never Foundation's TimeZone,
        // whose rules are frozen into the toolchain, nor ICU's.
        .target(name: "TimeZoneRules", dependencies: ["FNV"], swiftSettings: fuzzed, plugins: ["EmbedFiles"]),
        // WorldClockKit: the bundled catalogue compiled in (sections, order, search index), zone
        // times from TimeZoneRules, Korean wording, the feed's schema and its client. No ICU target,
        // FoundationEssentials only: what a clock app, the CLI and the server share.
        .target(
            name: "WorldClockKit", dependencies: ["HangulIndex", "WireCore", "SearchEngine", "MeetingPlanning", "TimeZoneRules", "FNV"],
            // Every import is internal unless it says `public import`: the modules whose types the
            // kit's API speaks in are named where they are used (docs/api.md lists them).
            swiftSettings: fuzzed + [.enableUpcomingFeature("InternalImportsByDefault")],
            plugins: ["EmbedFiles"]),
        // Where `worldclock serve` listens and its limits (the open-file limit via getrlimit): the
        // server's, not an app's, so not in the kit; a target of its own because the CLI prints
        // the defaults in its help without linking the server (NIO, Hummingbird).
        .target(name: "ServerConfiguration"),
        // Which build this is (`WorldClockBuild`: the release, and the commit from CBuildStamp):
        // `--version` and `/v1/meta` say the same.
        .target(name: "BuildStamp", dependencies: ["CBuildStamp"]),
        // The commit a release was built from (WORLDCLOCK_COMMIT, above): a C target because a
        // string can be defined for C only; one tiny file recompiles.
        .target(name: "CBuildStamp", cSettings: commit.map { [.define("WORLDCLOCK_COMMIT", to: "\"\($0)\"")] } ?? []),
        // A user's own table (`--data`) and the catalogue compiler: sections and order with ICU.
        .target(name: "CatalogueBuilder", dependencies: ["WorldClockKit", "HangulCollation"], swiftSettings: fuzzed),
        // The HTTP feed (Hummingbird 2): routes, caching, errors, the OpenAPI document.
        .target(
            name: "WorldClockServer",
            dependencies: [
                "WorldClockKit",
                "CatalogueBuilder",
                "TimeZoneRules",
                "ServerConfiguration",
                "BuildStamp",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "CompressNIO", package: "compress-nio", condition: server),
                // The connection limits and HTTP/1 rules are NIO channel handlers.
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                // CostlyWork's low-priority threads (NIOThreadPool).
                .product(name: "NIOPosix", package: "swift-nio", condition: server),
                // HTTP1Codec converts NIO's HTTP/1 parts to Hummingbird's HTTP types itself.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: server),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: server),
                .product(name: "Prometheus", package: "swift-prometheus", condition: server),
            ],
            // Served from string literals the EmbedFiles plugin writes at build time, so that a
            // binary copied alone still has them.
            exclude: ["openapi.yaml"],
            swiftSettings: fuzzed,
            plugins: ["EmbedFiles"]
        ),
        // The command line: a reader for each command's declared options, one file per
        // subcommand, Korean help and errors, terminal rendering.
        .target(
            name: "WorldClockCLI",
            dependencies: [
                "WorldClockKit", "CatalogueBuilder", "HangulCollation", "TimeZoneRules", "HangulIndex", "ServerConfiguration", "BuildStamp",
            ]),
        // `worldclock`: WorldClockCLI's main, without the HTTP server: `serve` and `export` are
        // handed to worldclock-server, built beside it by `swift build` (a dependency here would
        // link the server into the CLI, the cost this split removes).
        .executableTarget(name: "worldclock", dependencies: ["WorldClockCLI"]),
        // `worldclock-server`: the same command line with the HTTP server linked in.
        .executableTarget(name: "worldclock-server", dependencies: ["WorldClockCLI", "WorldClockKit", "WorldClockServer", "ServerConfiguration"]),
        // Compiles files into the targets that serve them, at build time (tables, the catalogue's
        // records, OpenAPI, web app, tzdata): one tool; nothing it generates is committed (the
        // records themselves are, written by compile-catalogue).
        // FNV-1a, shared by the build tool and the library: one definition of the digest.
        .target(name: "FNV"),
        // The catalogue's record file (Data/compiled-catalogue.txt, one record per line): written by
        // compile-catalogue, compiled into WorldClockKit's columns by EmbedFilesTool (search index
        // built there by HangulIndex). No ICU, no Foundation.
        .target(name: "CatalogueRecords", dependencies: ["HangulIndex", "FNV"], path: "BuildTools/CatalogueRecords"),
        // Under WORLDCLOCK_FUZZING, HangulIndex carries libFuzzer's coverage hooks and ASan: the tool
        // links ASan's runtime for them (which has the hooks' defaults), never libFuzzer's main.
        .executableTarget(
            name: "EmbedFilesTool", dependencies: ["FNV", "CatalogueRecords"], path: "BuildTools/EmbedFilesTool",
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=address"])] : []),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        // Writes Data/compiled-catalogue.txt: the bundled tables' sections, order and search items as
        // ICU and the search preparation make them (Scripts/dev/compile-catalogue).
        .executableTarget(name: "CatalogueCompiler", dependencies: ["CatalogueBuilder", "CatalogueRecords"], path: "BuildTools/CatalogueCompiler"),
        // Writes the bundled catalogue's search as Swift source for the web app's WebAssembly module
        // (Scripts/dev/build-wasm compiles it with WebAssembly/SearchWasm and HangulIndex for wasm32).
        .executableTarget(name: "SearchWasmData", dependencies: ["WorldClockKit", "HangulIndex"], path: "BuildTools/SearchWasmData"),
        .executableTarget(name: "index-benchmark", dependencies: ["HangulCollation"], path: "Benchmarks/IndexBenchmark"),
        .executableTarget(name: "tz-benchmark", dependencies: ["TimeZoneRules"], path: "Benchmarks/TimeZoneBenchmark"),
        // Search speed and the right-zone-first rate over the user query set (Scripts/bench/bench-search).
        .executableTarget(
            name: "search-benchmark", dependencies: ["WorldClockKit", "CatalogueBuilder", "TimeZoneRules", "TestSupport"],
            path: "Benchmarks/SearchBenchmark"),
        // libFuzzer targets for every parser of outside input (Scripts/dev/fuzz builds them with
        // -DFUZZING -sanitize=fuzzer,address); a plain build replays a saved input.
        .executableTarget(
            name: "worldclock-fuzz", dependencies: ["WorldClockKit", "CatalogueBuilder", "WorldClockServer", "HangulCollation"],
            path: "Fuzz",
            swiftSettings: fuzzed + (fuzzing ? [.unsafeFlags(["-parse-as-library"])] : []),
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []),

        // The Swift code of docs/ and the DocC guide, as written there (DocSnippetTests compares the
        // two), so that a page's code is compiled with every build.
        .executableTarget(
            name: "doc-snippets", dependencies: ["WorldClockKit", "HangulCollation", "HangulIndex"], path: "Examples/DocSnippets"),

        // A clock list driven through WorldClockKit as a UITableViewDataSource would.
        .executableTarget(name: "worldclock-kit-example", dependencies: ["WorldClockKit", "TimeZoneRules"], path: "Examples/WorldClockKitExample"),

        // What several test targets need: waiting for long blocking work off the concurrency pool, the
        // tools a test needs (`.needs(_:)`: skipped where missing, failed under CI), zone facts as a
        // table and typing runs (the search benchmark reports them too). Never in a product module.
        .target(name: "TestSupport", dependencies: ["HangulIndex", "SearchEngine", "WorldClockKit"], path: "Tests/TestSupport"),
        // The kit's specification, as a clock-app developer reads it: depends on WorldClockKit alone.
        .testTarget(name: "WorldClockKitTests", dependencies: ["WorldClockKit"], exclude: ["Fixtures"]),
        .testTarget(name: "HangulIndexTests", dependencies: ["HangulIndex", "HangulCollation"]),
        // The search core alone, with tz facts given as data (as the web module runs it).
        .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine", "HangulIndex", "WireCore", "TestSupport"]),
        // Imports Foundation beside HangulCollation: a clean build of this target proves the ICU isolation.
        .testTarget(name: "FoundationCanaryTests", dependencies: ["HangulCollation"]),
        .testTarget(name: "TimeZoneRulesTests", dependencies: ["TimeZoneRules"]),
        .testTarget(
            name: "WorldClockTests",
            dependencies: [
                "WorldClockKit", "CatalogueBuilder", "CatalogueCompiler", "CatalogueRecords", "TimeZoneRules", "FNV", "TestSupport",
                // DocSnippetTests: the pages' code, built with the tests.
                "doc-snippets",
            ],
            exclude: ["user-queries.tsv", "Fixtures"]),
        .testTarget(
            name: "WorldClockServerTests",
            dependencies: [
                "WorldClockServer", "TimeZoneRules", "ServerConfiguration", "BuildStamp", "TestSupport",
                // Its own test client (TestClient.swift) on SwiftNIO's HTTP/1 codec: HummingbirdTesting
                // links AsyncHTTPClient and NIOSSL, whose BoringSSL and swift-crypto (284 C files) the
                // test build then compiled for a client that never speaks TLS.
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "NIOPosix", package: "swift-nio", condition: server),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "CompressNIO", package: "compress-nio", condition: server),
            ]
        ),
        // Runs the built `worldclock` executable for every subcommand and error path.
        .testTarget(
            name: "WorldClockCLITests", dependencies: ["WorldClockCLI", "worldclock", "worldclock-server", "worldclock-kit-example", "TestSupport"]),
        // Runs the web app's browser tests (Web/tests/browser: headless Chromium, Debian's chromium +
        // chromium-driver, selenium from PyPI) against the built `worldclock serve`.
        .testTarget(name: "WebAppTests", dependencies: ["worldclock", "worldclock-server", "TestSupport"]),
    ]
)
