// swift-tools-version:6.0
import PackageDescription

// A bare Hummingbird 2 server for Scripts/bench/bench-server: the framework's own ceiling on this
// machine, measured beside worldclock in the same run. Built on demand by the script; its
// .build/ is not committed.
let package = Package(
    name: "hello-hummingbird",
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(name: "HelloHummingbird", dependencies: [.product(name: "Hummingbird", package: "hummingbird")]),
    ]
)
