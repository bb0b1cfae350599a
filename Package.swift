// swift-tools-version:6.0
import Foundation
import PackageDescription

// `NAVGRAPH_FUZZ=1 swift build …` (scripts/fuzz) instruments the library and the fuzz target for libFuzzer with
// AddressSanitizer; only those targets, so build tools (the template embedder) stay ordinary executables.
// The fuzz target has its own @main and links libFuzzer without its main (path in NAVGRAPH_FUZZ_NO_MAIN).
let fuzzing = ProcessInfo.processInfo.environment["NAVGRAPH_FUZZ"] == "1"
let fuzzerNoMain = ProcessInfo.processInfo.environment["NAVGRAPH_FUZZ_NO_MAIN"] ?? ""
let fuzzSwift: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address", "-DFUZZING"])] : []
let fuzzLink: [LinkerSetting] =
    fuzzing ? [.unsafeFlags(["-sanitize=address", "-Xlinker", fuzzerNoMain]), .linkedLibrary("stdc++")] : []
// No other target has unsafe flags: SwiftPM refuses them in a package used as a dependency, and apps depend on this
// one for NavGraphRecorder (tools for NavGraphKit).
let readingPath: [SwiftSetting] = fuzzSwift

let package = Package(
    name: "navgraph",
    // What an app that links NavGraphRecorder may support, and where the command-line tool runs. Nothing here uses
    // `Synchronization` (macOS 15 / iOS 18): the recorder has a lock of its own, the reader swift-atomics.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
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
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `navgraph serve`'s HTTP server: pure Swift on BSD sockets, no SwiftNIO (docs/architecture.md says why).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // `swift package generate-documentation --target NavGraphRecorder` (docs/recorder-docc.md). A command plugin:
        // nothing of it is built or linked by `swift build`, and an app that depends on this package gets none of it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The model: nodes, edge kinds, events, the reducer. Foundation only.
        .target(name: "NavGraphCore", exclude: ["Storage/README.md"], swiftSettings: readingPath),
        // Format readers: bytes -> one normalized NavEvent stream.
        .target(
            name: "NavGraphFormats",
            dependencies: ["NavGraphCore", .product(name: "Atomics", package: "swift-atomics")],
            exclude: ["README.md", "ByteReading/README.md"],
            swiftSettings: readingPath),
        // `.navgraph.yml`: kind rules, dump() property names, allowed types, option defaults (read with Yams).
        .target(name: "NavGraphConfiguration", dependencies: ["NavGraphCore", "NavGraphFormats", "Yams"]),
        // Leaks, diffs, step descriptions: derived from the same event stream.
        .target(name: "NavGraphAnalysis", dependencies: ["NavGraphCore"], swiftSettings: fuzzSwift),
        // templates/ embedded at build time, so the binary works from any directory.
        .target(name: "NavGraphTemplates", plugins: ["EmbedTemplatesPlugin"]),
        // Every output format: renderers behind one protocol, a format → renderer table per view.
        .target(
            name: "NavGraphRender",
            dependencies: [
                "NavGraphCore", "NavGraphAnalysis", "NavGraphTemplates",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: fuzzSwift),
        // The terminal's views: `tree --follow`'s live view and `replay`'s screen — what is drawn and what a key does,
        // as values a test drives; the terminal's I/O (raw mode, signals) is the command's.
        .target(name: "NavGraphTerminal", dependencies: ["NavGraphCore", "NavGraphAnalysis", "NavGraphRender"]),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        // The one place C is called: Graphviz as the layout engine of the renderers that draw (svg, png, pdf).
        .target(name: "NavGraphGraphviz", dependencies: ["CGraphviz", "NavGraphRender"]),
        // `navgraph serve`: the live state hub, the page's data and event stream, Host checks, the HTTP server.
        .target(
            name: "NavGraphServe",
            dependencies: [
                "NavGraphCore", "NavGraphAnalysis", "NavGraphRender",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]),
        // Thin command-line front end (NavGraphTemplates for `navgraph templates`).
        .executableTarget(
            name: "navgraph",
            dependencies: [
                "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender", "NavGraphTerminal",
                "NavGraphGraphviz", "NavGraphConfiguration", "NavGraphTemplates", "NavGraphServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Measurements for scripts/bench that need to be taken inside the process (replay moves).
        .executableTarget(
            name: "navgraph-bench",
            dependencies: [
                "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender", "NavGraphTerminal",
                "NavGraphRecorder",
            ]),
        // Records an app's navigation as navgraph-events v1. Depends on no other target: apps must not pull the readers in.
        .target(name: "NavGraphRecorder"),
        // A simulated app session recorded with NavGraphRecorder, to stdout (see docs/recorder.md).
        .executableTarget(name: "recorder-demo", dependencies: ["NavGraphRecorder"]),
        // Build-time embedding of templates/.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplatesPlugin",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"],
            path: "Sources/EmbedTemplatesPlugin"),

        // Fuzzing: the harness, and one libFuzzer target for every reader, the format named on its command line
        // (`navgraph-fuzz swift-dump …`; a replayer in a normal build).
        .target(
            name: "NavGraphFuzzing",
            dependencies: [
                "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender", "NavGraphTemplates",
            ],
            swiftSettings: fuzzSwift),
        .executableTarget(
            name: "navgraph-fuzz", dependencies: ["NavGraphFuzzing"],
            swiftSettings: fuzzSwift, linkerSettings: fuzzLink),

        // What the test targets share: the repository's paths, temporary files, golden-file comparison.
        .target(name: "NavGraphTestSupport", path: "Tests/NavGraphTestSupport"),
        .testTarget(name: "NavGraphCoreTests", dependencies: ["NavGraphCore", "NavGraphTestSupport"]),
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
            name: "NavGraphTerminalTests",
            dependencies: [
                "NavGraphTerminal", "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender",
                "NavGraphTestSupport",
            ]),
        .testTarget(
            name: "NavGraphServeTests",
            dependencies: [
                "NavGraphServe", "NavGraphCore", "NavGraphFormats", "NavGraphAnalysis", "NavGraphRender",
                "NavGraphTestSupport",
            ]),
        .testTarget(
            name: "NavGraphGraphvizTests",
            dependencies: ["NavGraphGraphviz", "NavGraphRender", "NavGraphFormats", "NavGraphTestSupport"],
            exclude: ["Fixtures"]),
        // A child process for the console capture's tests: prints from many threads through every path (not a product).
        .executableTarget(
            name: "console-capture-probe", dependencies: ["NavGraphRecorder"], path: "Tests/ConsoleCaptureProbe"),
        // Round trips through navgraph's reader, concurrency, the path observer, the console capture (which runs the
        // probe: depending on it makes `swift test` build it first).
        .testTarget(
            name: "NavGraphRecorderTests",
            dependencies: [
                "NavGraphRecorder", "NavGraphCore", "NavGraphFormats", "NavGraphTestSupport", "console-capture-probe",
            ]),
        // Runs the built binary; depending on the executable makes `swift test` build it first.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "navgraph", "navgraph-fuzz", "recorder-demo", "NavGraphCore", "NavGraphFormats", "NavGraphFuzzing",
                "NavGraphTestSupport",
            ],
            exclude: ["Golden"]),
    ]
)
