// swift-tools-version:6.0
// Generates the router fixtures beside this folder with the real runtime: `./generate.sh` (see ../README.md).
// Its own package, kept out of navgraph's build (the test target excludes Fixtures/).
import PackageDescription

let package = Package(
    name: "generate",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Apple's Combine is not on Linux: OpenCombine mirrors its `Published` (see Sources/generate/Published.swift).
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
    ],
    targets: [
        // NOT SwiftUI: a stand-in for its NavigationPath (Sources/SwiftUI/NavigationPath.swift says what is known).
        .target(name: "SwiftUI"),
        .executableTarget(
            name: "generate",
            dependencies: ["SwiftUI", .product(name: "OpenCombine", package: "OpenCombine")],
            // The module name is the app's: dumps name types `Shop.Route`, as an app called Shop prints them.
            swiftSettings: [.unsafeFlags(["-module-name", "Shop"])]),
    ]
)
