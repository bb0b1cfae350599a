// swift-tools-version:6.0
import Foundation
import PackageDescription

// `NAVGRAPH_FUZZ=1 swift build …` (scripts/fuzz) instruments the library and the fuzz targets for libFuzzer with
// AddressSanitizer; only those targets, so build tools (the template embedder) stay ordinary executables.
// The fuzz targets have their own @main and link libFuzzer without its main (path in NAVGRAPH_FUZZ_NO_MAIN).
let fuzzing = ProcessInfo.processInfo.environment["NAVGRAPH_FUZZ"] == "1"
let fuzzerNoMain = ProcessInfo.processInfo.environment["NAVGRAPH_FUZZ_NO_MAIN"] ?? ""
let fuzzSwift: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address", "-DFUZZING"])] : []
let fuzzLink: [LinkerSetting] =
    fuzzing ? [.unsafeFlags(["-sanitize=address", "-Xlinker", fuzzerNoMain]), .linkedLibrary("stdc++")] : []
// The reading path (readers, reducer) touches class properties millions of times per second; release builds skip
// the run-time exclusivity bookkeeping there (a tenth of the time; debug and sanitizer builds keep the checks).
let readingPath: [SwiftSetting] =
    fuzzSwift + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "navgraph",
    // macOS 15: the reader's thread hand-over uses `Synchronization.Atomic` (macOS 15 and later); Swift 6.3's Xcode
    // needs macOS 15 anyway. The recorder library marks its own needs (iOS 18) with `@available`.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "navgraph", targets: ["navgraph"]),
        .library(
            name: "NavGraphKit",
            targets: [
                "NavGraphCore", "NavGraphFormats", "NavGraphConfiguration", "NavGraphAnalysis",
                "NavGraphRender", "NavGraphGraphviz",
            ]),
        // What an app links to write navgraph-events: Foundation only, none of the readers.
        .library(name: "NavGraphRecorder", targets: ["NavGraphRecorder"]),
        .executable(name: "recorder-demo", targets: ["recorder-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // The model: nodes, edge kinds, events, the reducer. Foundation only.
        .target(name: "NavGraphCore", swiftSettings: readingPath),
        // Format readers: bytes -> one normalized NavEvent stream.
        .target(name: "NavGraphFormats", dependencies: ["NavGraphCore"], swiftSettings: readingPath),
        // `.navgraph.yml`: kind rules, dump() property names, allowed types, option defaults (read with Yams).
        .target(name: "NavGraphConfiguration", dependencies: ["NavGraphCore", "NavGraphFormats", "Yams"]),
        // Leaks, diffs, step descriptions: derived from the same event stream.
        .target(name: "NavGraphAnalysis", dependencies: ["NavGraphCore"], swiftSettings: fuzzSwift),
        // templates/ embedded at build time, so the binary works from any directory.
        .target(name: "NavGraphTemplates", plugins: ["EmbedTemplatesPlugin"]),
        // Text, JSON and DOT renderers behind one protocol.
        .target(
            name: "NavGraphRender",
            dependencies: [
                "NavGraphCore", "NavGraphAnalysis", "NavGraphTemplates",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: fuzzSwift),
        // The one place C is called.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        .target(name: "NavGraphGraphviz", dependencies: ["CGraphviz"]),
        // Thin command-line front end (NavGraphTemplates for `navgraph templates`).
        .executableTarget(
            name: "navgraph",
            dependencies: [
                "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender", "NavGraphGraphviz",
                "NavGraphConfiguration", "NavGraphTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Measurements for scripts/bench that need to be taken inside the process (replay moves).
        .executableTarget(
            name: "navgraph-bench",
            dependencies: [
                "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender",
                "NavGraphRecorder",
            ]),
        // Records an app's navigation as navgraph-events v1. Depends on no other target: apps must not pull the readers in.
        .target(name: "NavGraphRecorder"),
        // A simulated app session recorded with NavGraphRecorder, to stdout (see README "Using it from an app").
        .executableTarget(name: "recorder-demo", dependencies: ["NavGraphRecorder"]),
        // Build-time embedding of templates/.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplatesPlugin",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"],
            path: "Sources/EmbedTemplatesPlugin"),

        // Fuzzing: the harness, and one libFuzzer target per reader (replayers in a normal build).
        .target(
            name: "NavGraphFuzzing",
            dependencies: ["NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender"],
            swiftSettings: fuzzSwift),
        .executableTarget(
            name: "fuzz-swiftui-navigation", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),
        .executableTarget(
            name: "fuzz-navgraph-events", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),
        .executableTarget(
            name: "fuzz-navigation-path", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),
        .executableTarget(
            name: "fuzz-navigator", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),
        .executableTarget(
            name: "fuzz-swift-dump", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),
        .executableTarget(
            name: "fuzz-typed-path", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),

        // What the test targets share: the repository's paths, temporary files, golden-file comparison.
        .target(name: "NavGraphTestSupport", path: "Tests/NavGraphTestSupport"),
        .testTarget(name: "NavGraphCoreTests", dependencies: ["NavGraphCore"]),
        .testTarget(
            name: "NavGraphFormatsTests", dependencies: ["NavGraphCore", "NavGraphFormats", "NavGraphTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "NavGraphConfigurationTests",
            dependencies: ["NavGraphConfiguration", "NavGraphFormats", "NavGraphTestSupport"]),
        .testTarget(
            name: "NavGraphAnalysisTests",
            dependencies: ["NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphTestSupport"]),
        .testTarget(
            name: "NavGraphRenderTests",
            dependencies: [
                "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender", "NavGraphTemplates",
                "NavGraphTestSupport",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "NavGraphGraphvizTests", dependencies: ["NavGraphGraphviz", "NavGraphRender", "NavGraphFormats"],
            exclude: ["Fixtures"]),
        // Round trips through navgraph's reader, concurrency, the path observer.
        .testTarget(
            name: "NavGraphRecorderTests",
            dependencies: ["NavGraphRecorder", "NavGraphCore", "NavGraphFormats", "NavGraphTestSupport"]),
        // Runs the built binary; depending on the executable makes `swift test` build it first.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "navgraph", "fuzz-swiftui-navigation", "fuzz-navgraph-events", "fuzz-navigation-path",
                "fuzz-navigator", "fuzz-swift-dump", "fuzz-typed-path", "recorder-demo", "NavGraphTestSupport",
            ]),
    ]
)
