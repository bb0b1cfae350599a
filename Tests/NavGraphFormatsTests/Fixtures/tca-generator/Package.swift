// swift-tools-version:6.0
// Generates the TCA `_printChanges()` fixtures in ../tca/ with the real swift-custom-dump: `./generate.sh`
// (see README.md). Its own package, kept out of navgraph's build (the test target excludes Fixtures/).
import PackageDescription

let package = Package(
    name: "tca-generator",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.7.3")
    ],
    targets: [
        .executableTarget(
            name: "generate",
            dependencies: [.product(name: "CustomDump", package: "swift-custom-dump")],
            swiftSettings: [.unsafeFlags(["-module-name", "SyncUps"])])
    ]
)
