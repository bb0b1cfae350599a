import Foundation
import NavGraphCore

/// What to say when the first argument is not a command: a near miss gets "did you mean", a file gets the commands
/// that read one (as typos of options already get a suggestion from swift-argument-parser).
enum CommandSuggestion {
    /// A usage error for `word`, or `nil` when it is a command (or an option, or nothing).
    static func failure(for word: String?, commands: [String], readingFiles: [String]) -> CommandFailure? {
        guard let word, !word.hasPrefix("-"), !commands.contains(word), word != "help" else { return nil }
        // Quoted back to the terminal: a file's name can hold an escape sequence or a newline.
        let shown = TerminalText.escaped(word)
        let list = readingFiles.dropLast().joined(separator: ", ") + " and " + (readingFiles.last ?? "")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: word, isDirectory: &isFolder), !isFolder.boolValue {
            return CommandFailure(
                .usage,
                message: """
                    navgraph: error: '\(shown)' is a file; say what to do with it first: \(list) read a log, \
                    e.g. navgraph tree \(shown)
                    """)
        }
        if let nearest = nearest(to: word, in: commands) {
            return CommandFailure(
                .usage,
                message: """
                    navgraph: error: unknown command '\(shown)'; did you mean '\(nearest)'?
                    Usage: navgraph <command> [<file>] [<options>]; see navgraph --help
                    """)
        }
        return CommandFailure(
            .usage,
            message: """
                navgraph: error: unknown command '\(shown)'; the commands are \(commands.joined(separator: ", "))
                Usage: navgraph <command> [<file>] [<options>]; see navgraph --help
                """)
    }

    /// The command `word` is most likely a typo of: within two edits, or the start of exactly one command.
    static func nearest(to word: String, in commands: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = commands.map { ($0, distance(lowered, $0)) }.filter { $0.1 <= min(2, max(1, word.count / 2)) }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
        let starting = commands.filter { $0.hasPrefix(lowered) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Levenshtein distance (edits of one character) between two short words.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
