import NavGraphCore

/// Reads a navigation map back from the JSON that `navgraph diagram --format json` writes: the baseline a CI job
/// compares new runs with (`diagram --check`). Only what the comparison needs is read (types and relations with
/// their counts); unknown members are ignored, so later versions can add fields.
public enum NavigationMapReader {
    /// Why a baseline could not be read: where, and what was expected there.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var column: Int
        public var message: String
        /// The JSON is not shaped like a map at all (no `nodes` or `edges`): likely another file than a map, which a
        /// client may say how to make.
        public var isNotAMap = false

        public var description: String { "\(path):\(line):\(column): error: \(message)" }
    }

    public static func read(_ bytes: [UInt8], path: String) throws(Failure) -> NavigationMap {
        let parsed: Result<JSONDocument, JSONSyntaxError> = bytes.withByteLine { line in
            Result { () throws(JSONSyntaxError) in try JSONParser.parse(line) }
        }
        let document: JSONDocument
        switch parsed {
        case .success(let value): document = value
        case .failure(let error):
            let (line, column) = position(of: error.column - 1, in: bytes)
            throw Failure(path: path, line: line, column: column, message: "not valid JSON: \(error.message)")
        }
        func fail(_ value: Int, _ message: String) -> Failure {
            let (line, column) = position(of: Int(document[value].start), in: bytes)
            return Failure(path: path, line: line, column: column, message: message)
        }
        func found(_ value: Int) -> String { JSONDocument.describe(document[value].kind) }
        func string(_ name: String, of object: Int) throws(Failure) -> String {
            guard let member = document.member(name, of: object) else {
                throw fail(object, "expected a \"\(name)\" member (a string)")
            }
            guard document[member].kind == .string, let text = document[member].text else {
                throw fail(member, "expected \"\(name)\" to be a string, found \(found(member))")
            }
            return text
        }
        func wholeNumber(_ name: String, of object: Int) throws(Failure) -> Int {
            guard let member = document.member(name, of: object) else {
                throw fail(object, "expected a \"\(name)\" member (a whole number of 1 or more)")
            }
            guard document[member].kind == .number, let number = document[member].text.flatMap({ Int($0) }),
                number >= 1
            else {
                throw fail(member, "expected \"\(name)\" to be a whole number of 1 or more")
            }
            return number
        }

        let root = document.root
        guard document[root].kind == .object else {
            var failure = fail(root, "expected a navigation map: an object with \"nodes\" and \"edges\"")
            failure.isNotAMap = true
            throw failure
        }
        var map = NavigationMap()
        for (name, isNodes) in [("nodes", true), ("edges", false)] {
            guard let list = document.member(name, of: root) else {
                var failure = fail(root, "expected a \"\(name)\" member (an array)")
                failure.isNotAMap = true
                throw failure
            }
            guard document[list].kind == .array else {
                throw fail(list, "expected \"\(name)\" to be an array, found \(found(list))")
            }
            for item in document.children(of: list) {
                guard document[item].kind == .object else {
                    throw fail(item, "expected each of \"\(name)\" to be an object, found \(found(item))")
                }
                if isNodes {
                    let type = try string("type", of: item)
                    let kindName = try string("kind", of: item)
                    guard let kind = NodeKind(rawValue: kindName) else {
                        throw fail(item, "unknown kind '\(kindName)'; expected screen, stack, tabs, switch or split")
                    }
                    let count = try wholeNumber("count", of: item)
                    map.types[type, default: NavigationMap.TypeEntry()].kinds[kind, default: 0] += count
                } else {
                    let relation = try readRelation(item, string: string, wholeNumber: wholeNumber, fail: fail)
                    map.relations[relation, default: 0] += try wholeNumber("count", of: item)
                }
            }
        }
        return map
    }

    private static func readRelation(
        _ item: Int, string: (String, Int) throws(Failure) -> String, wholeNumber: (String, Int) throws(Failure) -> Int,
        fail: (Int, String) -> Failure
    ) throws(Failure) -> NavigationRelation {
        let name = try string("relation", item)
        let from = try string("from", item)
        let to = try string("to", item)
        let kind: NavigationRelation.Kind
        switch name {
        case "windowRoot": kind = .windowRoot
        case "stackRoot": kind = .stackRoot
        case "push": kind = .pushedAfter
        case "presented": kind = .presented(style: try string("style", item))
        case "tab": kind = .tab(order: try wholeNumber("order", item))
        case "switch": kind = .switched
        case "column":
            let columnName = try string("column", item)
            guard let column = SplitColumn(rawValue: columnName) else {
                throw fail(item, "unknown column '\(columnName)'; expected sidebar, content or detail")
            }
            kind = .column(column)
        case "child": kind = .child
        default:
            throw fail(
                item,
                "unknown relation '\(name)'; expected windowRoot, stackRoot, push, presented, tab, "
                    + "switch, column or child")
        }
        return NavigationRelation(kind, from: from, to: to)
    }

    /// 1-based line and column of a byte offset.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(max(0, offset), bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
