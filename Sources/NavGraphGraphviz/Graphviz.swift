import CGraphviz
import Foundation
import NavGraphRender

/// Output formats libgvc renders in-process.
public enum GraphvizFormat: String, Sendable, CaseIterable {
    case svg, png, pdf
}

/// Lays out and renders DOT text in-process through libgvc: no `dot` binary at run time.
///
/// Graphviz keeps global state (its error handler, its error counter), so calls are serialized. One Graphviz context
/// serves the whole process and is freed at exit: creating a second context after freeing the first makes Graphviz
/// 2.42's pango plugin read a freed font name (found by AddressSanitizer), and loading plugins once is faster anyway.
/// Every C call's result is checked and everything a render allocates is freed on every path.
public enum Graphviz {
    /// A pthread mutex and condition underneath (NSCondition), which ThreadSanitizer understands; a futex-based
    /// Mutex it cannot see.
    private static let lock = NSCondition()
    // These are only touched with `lock` held.
    nonisolated(unsafe) private static var sharedContext: OpaquePointer?
    /// A `prepare()` is under way: renders wait for it.
    nonisolated(unsafe) private static var preparing = false
    /// The exit handler (`freeAtExit`) is registered.
    nonisolated(unsafe) private static var freesAtExit = false

    /// The process's Graphviz context, created on first use.
    private static func context() throws(GraphvizError) -> OpaquePointer {
        if let sharedContext { return sharedContext }
        freeAtExit()
        guard let created = gvContext() else { throw .noContext }
        sharedContext = created
        return created
    }

    /// Registers (once) what runs at exit: waiting for a preparation still under way — a command that fails early
    /// must not tear the process down under Graphviz loading its plugins — then freeing the context.
    private static func freeAtExit() {
        guard !freesAtExit else { return }
        freesAtExit = true
        atexit {
            Graphviz.lock.lock()
            while Graphviz.preparing { Graphviz.lock.wait() }
            if let context = Graphviz.sharedContext { gvFreeContext(context) }
            Graphviz.sharedContext = nil
            Graphviz.lock.unlock()
        }
    }

    /// Gets Graphviz ready on another thread while the caller does other work (parses its arguments, reads its
    /// input): creates the context (reading Graphviz's plugin configuration) and loads the layout plugin and the
    /// fonts by laying out a one-node graph in the default theme's font — a fixed cost of about 15 million
    /// instructions that otherwise comes between reading and laying out. Renders wait for it. (What a render draws
    /// does not depend on what was allocated before it: `DOTReading`.)
    public static func prepare() {
        lock.lock()
        defer { lock.unlock() }
        guard sharedContext == nil, !preparing else { return }
        preparing = true
        freeAtExit()
        Thread {
            lock.lock()
            defer {
                preparing = false
                lock.broadcast()
                lock.unlock()
            }
            // Its failures are the real render's to report.
            _ = try? layOutLocked(
                dot: #"digraph { node [fontname="Helvetica", fontsize=10]; a [label="Warm"] }"#, engine: "dot"
            ) { _, _ in }
        }.start()
    }

    /// The version of Graphviz navgraph was compiled against (`2.43.0`, `14.1.4`).
    public static var version: String { String(cString: navgraph_graphviz_version()) }

    /// The layout engines Graphviz itself ships (in the dot and neato plugins).
    static let layoutEngines: Set<String> = ["dot", "neato", "fdp", "sfdp", "twopi", "circo", "osage", "patchwork"]

    /// Renders `dot` to `format` with the given layout engine and returns the bytes.
    public static func render(dot: String, format: GraphvizFormat, engine: String = "dot") throws(GraphvizError)
        -> [UInt8]
    {
        lock.lock()
        defer { lock.unlock() }
        while preparing { lock.wait() }
        return try renderLocked(dot: dot, format: format, engine: engine)
    }

    /// Renders `dot`, laid out once, to each of `formats`; the bytes in the same order.
    public static func render(dot: String, formats: [GraphvizFormat], engine: String = "dot") throws(GraphvizError)
        -> [[UInt8]]
    {
        lock.lock()
        defer { lock.unlock() }
        while preparing { lock.wait() }
        return try layOutLocked(dot: dot, engine: engine) { context, graph throws(GraphvizError) in
            var drawings: [[UInt8]] = []
            for format in formats { drawings.append(try renderLaidOut(context, graph, format: format)) }
            return drawings
        }
    }

    /// `dot` laid out by `dot` and drawn as SVG, with the places of its nodes and clusters — or, where `placing`
    /// gives DOT for those places, that drawn where it puts everything (`nop2`: only the edges are routed). One lock
    /// for both layouts, and the first is drawn only when it is what is shown. Where Graphviz refuses the places
    /// (it says why), the drawing is `dot`'s own, laid out again.
    public static func drawKeepingPlaces(dot: String, placing: (DrawingPlaces) -> String?) throws(GraphvizError) -> (
        svg: [UInt8], places: DrawingPlaces?
    ) {
        lock.lock()
        defer { lock.unlock() }
        while preparing { lock.wait() }
        func drawn(_ context: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> (
            svg: [UInt8], places: DrawingPlaces?
        ) {
            (try renderLaidOut(context, graph, format: .svg), LaidOutPlaces.read(graph))
        }
        let first = try layOutLocked(dot: dot, engine: "dot") {
            context, graph throws(GraphvizError) -> (svg: [UInt8], places: DrawingPlaces?, placed: String?) in
            let places = LaidOutPlaces.read(graph)
            if let places, let placed = placing(places) { return ([], places, placed) }
            return (try renderLaidOut(context, graph, format: .svg), places, nil)
        }
        guard let placed = first.placed else { return (first.svg, first.places) }
        if let kept = try? layOutLocked(dot: placed, engine: "nop2", drawn) { return kept }
        return try layOutLocked(dot: dot, engine: "dot", drawn)
    }

    /// `dot` laid out by `dot`: where its nodes are and its edges run, to count their crossings.
    public static func laidOutEdges(dot: String) throws(GraphvizError) -> EdgeCrossings? {
        lock.lock()
        defer { lock.unlock() }
        while preparing { lock.wait() }
        return try layOutLocked(dot: dot, engine: "dot") { _, graph in LaidOutEdges.read(graph) }
    }

    private static func renderLocked(dot: String, format: GraphvizFormat, engine: String) throws(GraphvizError)
        -> [UInt8]
    {
        try layOutLocked(dot: dot, engine: engine) { context, graph throws(GraphvizError) in
            try renderLaidOut(context, graph, format: format)
        }
    }

    /// A laid-out graph drawn as `format`.
    private static func renderLaidOut(
        _ context: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, format: GraphvizFormat
    ) throws(GraphvizError) -> [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = navgraph_render(context, graph, format.rawValue, &data, &length)
        defer { free(data) }
        guard status == 0, let data else {
            let message = GraphvizMessages.text()
            if GraphvizMessages.saysUnavailable(message) {
                throw .missingPlugin(.init(.renderer, format.rawValue, message: message))
            }
            throw .renderFailed(format: format.rawValue, message: message)
        }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// Reads `dot`, lays it out and hands the laid-out graph to `body`; frees both afterwards on every path.
    private static func layOutLocked<T>(
        dot: String, engine: String, _ body: (OpaquePointer, UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> T
    ) throws(GraphvizError) -> T {
        GraphvizMessages.begin()
        defer { GraphvizMessages.end() }

        let context = try context()

        guard let graph = DOTReading.read(dot) else {
            throw .invalidDOT(message: GraphvizMessages.text())
        }
        defer { agclose(graph) }

        guard gvLayout(context, graph, engine) == 0 else {
            let message = GraphvizMessages.text()
            // An engine Graphviz ships that it does not know: its plugins were not found.
            if Graphviz.layoutEngines.contains(engine), GraphvizMessages.saysUnavailable(message) {
                throw .missingPlugin(.init(.layout, engine, message: message))
            }
            throw .layoutFailed(engine: engine, message: message)
        }
        defer { gvFreeLayout(context, graph) }
        // Graphviz reports some failures ("trouble in init_rank", lost edges) as errors and still returns success;
        // its layout is then broken and rendering it has corrupted memory (2.42). Stop here instead.
        guard agerrors() < Int32(AGERR.rawValue) else {
            throw .layoutFailed(engine: engine, message: GraphvizMessages.text())
        }
        return try body(context, graph)
    }
}

extension GraphvizError.MissingPlugin {
    fileprivate init(_ kind: Kind, _ name: String, message: String) {
        self.init(
            kind: kind, name: name, graphvizVersion: Graphviz.version,
            configurationFile: String(cString: navgraph_graphviz_plugin_configuration()),
            pluginFolder: ProcessInfo.processInfo.environment["GVBINDIR"].flatMap { $0.isEmpty ? nil : $0 },
            message: message)
    }
}

/// Collects what Graphviz reports while one call runs, instead of letting it print to stderr.
private enum GraphvizMessages {
    /// Whether Graphviz's words say it has no plugin for what was asked: `Layout type: "dot" not recognized`,
    /// `Format: "png" not recognized`, `renderer for png is unavailable` (the same words in 2.42 and 14).
    static func saysUnavailable(_ message: String) -> Bool {
        message.contains("not recognized") || message.contains("is unavailable")
    }

    // Only touched with `Graphviz.lock` held.
    nonisolated(unsafe) private static var collected = ""

    static func begin() {
        collected = ""
        _ = agseterr(AGWARN)
        _ = agreseterrors()
        _ = agseterrf { message in
            if let message {
                GraphvizMessages.collected += String(cString: message)
            }
            return 0
        }
    }

    static func end() {
        _ = agseterrf(nil)
    }

    /// The messages so far, one line, trimmed; a message Graphviz repeats (once per edge or node it fails on) said
    /// once.
    static func text() -> String {
        var seen = Set<String>()
        return collected.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.filter {
            !$0.isEmpty && seen.insert($0).inserted
        }.joined(separator: "; ")
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        var view = self
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
