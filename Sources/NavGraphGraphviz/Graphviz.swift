import CGraphviz
import Synchronization

/// Output formats libgvc renders in-process.
public enum GraphvizFormat: String, Sendable, CaseIterable {
    case svg, png, pdf
}

/// Lays out and renders DOT text in-process through libgvc: no `dot` binary at run time.
///
/// Graphviz keeps global state (its error handler, its error counter), so calls are serialized.
/// Every C call's result is checked and everything Graphviz allocates is freed on every path.
public enum Graphviz {
    private static let lock = Mutex(())

    /// Renders `dot` to `format` with the given layout engine and returns the bytes.
    public static func render(dot: String, format: GraphvizFormat, engine: String = "dot") throws(GraphvizError) -> [UInt8] {
        do {
            return try lock.withLock { _ throws(GraphvizError) in
                try renderLocked(dot: dot, format: format, engine: engine)
            }
        } catch {
            throw error
        }
    }

    private static func renderLocked(dot: String, format: GraphvizFormat, engine: String) throws(GraphvizError) -> [UInt8] {
        GraphvizMessages.begin()
        defer { GraphvizMessages.end() }

        guard let context = gvContext() else { throw .noContext }
        defer { gvFreeContext(context) }

        guard let graph = dot.withCString({ agmemread($0) }) else {
            throw .invalidDOT(message: GraphvizMessages.text())
        }
        defer { agclose(graph) }

        guard gvLayout(context, graph, engine) == 0 else {
            throw .layoutFailed(engine: engine, message: GraphvizMessages.text())
        }
        defer { gvFreeLayout(context, graph) }

        var data: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = gvRenderData(context, graph, format.rawValue, &data, &length)
        defer { if let data { gvFreeRenderData(data) } }
        guard status == 0, let data else {
            throw .renderFailed(format: format.rawValue, message: GraphvizMessages.text())
        }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }
}

/// Collects what Graphviz reports while one call runs, instead of letting it print to stderr.
private enum GraphvizMessages {
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

    /// The messages so far, one line, trimmed.
    static func text() -> String {
        collected.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

private extension Substring {
    func trimmingCharacters() -> String {
        var view = self
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
