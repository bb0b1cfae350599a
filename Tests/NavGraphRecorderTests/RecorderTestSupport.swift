import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphRecorder

/// A file in a fresh temporary folder, removed by `remove()`.
struct TemporaryLog {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("navgraph-recorder-\(UUID().uuidString).log")

    var path: String { url.path }
    var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What navgraph's reader makes of some bytes: the hierarchy at the end, its diagnostics and skipped lines.
struct ReadBack {
    var hierarchy = Hierarchy()
    var events: [NavEvent] = []
    var diagnostics: [Diagnostic] = []
    var skipped: [Int] = []

    /// The placed models, window by window, as `window: depth id type kind edge` lines.
    var outline: [String] {
        hierarchy.openWindows.flatMap { window in
            hierarchy.preorder(window: window.name).map { node, depth in
                let edge: String
                switch node.edge {
                case nil: edge = "root"
                case .column(let column)?: edge = "column(\(column.rawValue))"
                case let other?: edge = "\(other)"
                }
                return "\(window.name): \(depth) \(node.model.id) \(node.model.type) \(node.kind) \(edge)"
            }
        }
    }

    /// Keys of models alive (started, not finished).
    var alive: Set<String> { Set(hierarchy.lifecycles.values.map(\.model.key)) }
    /// Keys of models that left the hierarchy and never finished.
    var leaked: Set<String> { Set(hierarchy.departedModels.map(\.model.key)) }
}

func readBack(_ bytes: [UInt8], lenient: Bool = false) throws -> ReadBack {
    let collector = DiagnosticCollector()
    var result = ReadBack()
    let input = NavigationInput(source: LineSource(bytes: bytes, name: "recorded.log"), lenient: lenient)
    try input.read(diagnostics: collector) { event in
        result.events.append(event)
        result.hierarchy.apply(event)
        return true
    }
    // Notes (how the format was detected) are not problems.
    result.diagnostics = collector.diagnostics.filter { $0.severity != .note }
    result.skipped = collector.skippedLines
    return result
}

func readBack(_ log: TemporaryLog, lenient: Bool = false) throws -> ReadBack {
    try readBack(Array(try Data(contentsOf: log.url)), lenient: lenient)
}
