import Foundation
import NavGraphCore
import NavGraphFormats
import Yams

/// A problem in `.navgraph.yml`: which file, at which line when it has one, and what is wrong there (the command line
/// prints it as `file:line: error: …`, exit status 2). A file with several mistakes is one error for its first, with
/// the others in `following`, so that one run names them all.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int?
    public var message: String
    /// The file's further mistakes, in file order.
    public var following: [ConfigurationError] = []

    /// Every mistake, one `file:line: message` line each.
    public var description: String {
        ([self] + following).map { mistake in
            (mistake.line.map { "\(mistake.file):\($0)" } ?? mistake.file) + ": " + mistake.message
        }.joined(separator: "\n")
    }
}

extension NavGraphConfiguration {
    public static let fileName = ".navgraph.yml"

    /// The configuration in force: `explicitFile` (`--config`), else `.navgraph.yml` in `directory` or the nearest
    /// parent that has one up to the repository's root or the home folder (`ConfigurationSearch`), else the built-in
    /// behaviour.
    ///
    /// `themes` are the built-in themes' names: a `defaults.theme` that is neither one of them nor a file that can be
    /// read is a mistake in the file, reported at its line by every command (`nil`: not checked).
    public static func load(
        explicitFile: String? = nil,
        directory: String = FileManager.default.currentDirectoryPath,
        home: String? = FileManager.default.homeDirectoryForCurrentUser.path,
        themes: [String]? = nil
    ) throws(ConfigurationError)
        -> NavGraphConfiguration
    {
        if let explicitFile {
            var configuration = try read(file: explicitFile, themes: themes)
            configuration.shownFile = explicitFile
            return configuration
        }
        let search = ConfigurationSearch(from: directory, home: home)
        var configuration = NavGraphConfiguration()
        if let (file, up) = search.file() {
            configuration = try read(file: file, themes: themes)
            configuration.shownFile = (up == 0 ? "./" : String(repeating: "../", count: up)) + fileName
        }
        configuration.search = search
        return configuration
    }

    public static func read(file: String, themes: [String]? = nil) throws(ConfigurationError) -> NavGraphConfiguration {
        let text: String
        switch TextFile.contents(of: file) {
        case .success(let contents): text = contents
        case .failure(let error):
            throw ConfigurationError(file: file, line: nil, message: "cannot read the configuration: \(error.reason)")
        }
        return try parse(text, file: file, themes: themes)
    }

    /// The keys a file may have, at the top and in each section.
    static let sections: [String: [String]] = [
        "kinds": [], "presentations": [], "allowed": [],
        "dump": ["stack", "presentation", "selection"],
        "defaults": ["theme", "direction", "max-nodes", "strip-suffix"],
        "diagram": ["collapse"],
    ]

    public static func parse(_ text: String, file: String, themes: [String]? = nil) throws(ConfigurationError)
        -> NavGraphConfiguration
    {
        if let line = YAMLNesting.firstLineTooDeep(in: text) {
            throw ConfigurationError(
                file: file, line: line,
                message: "nested more than \(YAMLNesting.limit) levels deep; a configuration is a mapping of "
                    + "sections a few levels deep (see docs/configuration.md)")
        }
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(
                file: file, line: Self.line(of: error), message: "not valid YAML: \(Self.problem(of: error))")
        } catch {
            throw ConfigurationError(file: file, line: nil, message: "not valid YAML: \(error)")
        }
        var configuration = NavGraphConfiguration()
        configuration.file = file
        guard let root else { return configuration }
        // Every mistake is reported, not only the first: each entry is read on its own, a mistake in it recorded and
        // the entry left out, and reading goes on.
        let reader = Reader(file: file)
        reader.attempt { () throws(ConfigurationError) in
            for (key, value) in try reader.mapping(root, "the configuration", expected: sections.keys.sorted()) {
                reader.attempt { () throws(ConfigurationError) in
                    try read(section: key, value, file: file, themes: themes, reader: reader, into: &configuration)
                }
            }
        }
        if var first = reader.problems.first {
            first.following = Array(reader.problems.dropFirst())
            throw first
        }
        return configuration
    }

    private static func read(
        section key: Yams.Node, _ value: Yams.Node, file: String, themes: [String]?, reader: Reader,
        into configuration: inout NavGraphConfiguration
    ) throws(ConfigurationError) {
        switch key.string {
        case "kinds": try readKinds(value, reader: reader, into: &configuration)
        case "presentations": try readPresentations(value, reader: reader, into: &configuration)
        case "allowed": try readAllowed(value, reader: reader, into: &configuration)
        case "dump": try readDump(value, reader: reader, into: &configuration)
        case "diagram": try readDiagram(value, reader: reader, into: &configuration)
        default: try readDefaults(value, file: file, themes: themes, reader: reader, into: &configuration)
        }
    }

    /// `kinds:`: glob → container kind.
    private static func readKinds(_ value: Yams.Node, reader: Reader, into configuration: inout NavGraphConfiguration)
        throws(ConfigurationError)
    {
        for (pattern, kind) in try reader.mapping(value, "'kinds'", expected: nil) {
            reader.attempt { () throws(ConfigurationError) in
                let glob = try reader.glob(pattern)
                guard let kind = NodeKind(rawValue: try reader.scalar(kind, "a kind")), kind != .screen else {
                    throw reader.error(
                        kind,
                        "'kinds': '\(kind.string ?? "")' is not a container kind; "
                            + "expected stack, tabs, switch or split"
                    )
                }
                configuration.kindRules.append((ModelKindRule(glob, kind: kind), reader.origin(pattern)))
            }
        }
    }

    /// `presentations:`: glob → presentation style (a built-in one or a name of the app's own).
    private static func readPresentations(
        _ value: Yams.Node, reader: Reader, into configuration: inout NavGraphConfiguration
    ) throws(ConfigurationError) {
        for (pattern, style) in try reader.mapping(value, "'presentations'", expected: nil) {
            reader.attempt { () throws(ConfigurationError) in
                let glob = try reader.glob(pattern)
                let name = try reader.scalar(style, "a presentation style")
                guard Self.isName(name) else {
                    throw reader.error(
                        style,
                        "'presentations': '\(name)' is not a style name; expected sheet, "
                            + "fullScreenCover, popover, alert, confirmationDialog, presented or a name of your own: "
                            + "a letter, then letters, digits or '_' (such as mySheet or bottom_drawer)"
                    )
                }
                configuration.kindRules.append(
                    (ModelKindRule(glob, presentation: PresentationStyle(name)), reader.origin(pattern)))
            }
        }
    }

    /// `allowed:`: globs of models that may stay alive (not leaks).
    private static func readAllowed(_ value: Yams.Node, reader: Reader, into configuration: inout NavGraphConfiguration)
        throws(ConfigurationError)
    {
        for item in try reader.sequence(value, "'allowed'") {
            reader.attempt { () throws(ConfigurationError) in
                configuration.allowed.append((try reader.glob(item), reader.origin(item)))
            }
        }
    }

    /// `dump:`: which property names mean navigation in dump() output, per meaning.
    private static func readDump(_ value: Yams.Node, reader: Reader, into configuration: inout NavGraphConfiguration)
        throws(ConfigurationError)
    {
        for (name, globs) in try reader.mapping(value, "'dump'", expected: sections["dump"]) {
            reader.attempt { () throws(ConfigurationError) in
                var patterns: [String] = []
                var complete = true
                for item in try reader.sequence(globs, "'dump.\(name.string ?? "")'") {
                    if reader.attempt({ () throws(ConfigurationError) in patterns.append(try reader.glob(item)) })
                        == nil
                    {
                        complete = false
                    }
                }
                // A list with a bad glob is reported, and the built-in names stay.
                guard complete else { return }
                let origin = reader.origin(name)
                switch name.string {
                case "stack":
                    configuration.dumpPropertyNames.stack = patterns
                    configuration.dumpPropertyNamesOrigin.stack = origin
                case "presentation":
                    configuration.dumpPropertyNames.presentation = patterns
                    configuration.dumpPropertyNamesOrigin.presentation = origin
                default:
                    configuration.dumpPropertyNames.selection = patterns
                    configuration.dumpPropertyNamesOrigin.selection = origin
                }
            }
        }
    }

    /// `diagram:`: how `navgraph diagram` draws the map (`collapse`: globs of types drawn past).
    private static func readDiagram(_ value: Yams.Node, reader: Reader, into configuration: inout NavGraphConfiguration)
        throws(ConfigurationError)
    {
        for (_, globs) in try reader.mapping(value, "'diagram'", expected: sections["diagram"]) {
            for item in try reader.sequence(globs, "'diagram.collapse'") {
                reader.attempt { () throws(ConfigurationError) in
                    configuration.diagramCollapse.append((try reader.glob(item), reader.origin(item)))
                }
            }
        }
    }

    /// `defaults:`: option defaults (theme, direction, max-nodes, strip-suffix).
    private static func readDefaults(
        _ value: Yams.Node, file: String, themes: [String]?, reader: Reader,
        into configuration: inout NavGraphConfiguration
    ) throws(ConfigurationError) {
        for (name, setting) in try reader.mapping(value, "'defaults'", expected: sections["defaults"]) {
            reader.attempt { () throws(ConfigurationError) in
                let origin = reader.origin(setting)
                switch name.string {
                case "theme":
                    let value = try reader.scalar(setting, "a theme's name or a file")
                    var path = value
                    // A file's path is relative to the configuration file, so it works from any folder below it;
                    // a built-in theme's name (a word without `/` or `.`: light, dark) stays a name.
                    if value.contains("/") || value.contains(".") {
                        let folder = ConfinedPath.folder(of: file)
                        if !value.hasPrefix("/") { path = folder + "/" + value }
                        try Self.confine(path, to: folder, written: value, at: setting, reader)
                    }
                    if let themes { try Self.checkTheme(path, written: value, themes: themes, at: setting, reader) }
                    configuration.defaults.theme = (path, origin)
                case "direction":
                    let direction = try reader.scalar(setting, "TB or LR")
                    guard direction == "TB" || direction == "LR" else {
                        throw reader.error(
                            setting, "'defaults.direction': '\(direction)' is not a direction; expected TB or LR")
                    }
                    configuration.defaults.direction = (direction, origin)
                case "strip-suffix":
                    let suffix = try reader.scalar(setting, "a type-name suffix")
                    guard Self.isTypeNameSuffix(suffix) else {
                        throw reader.error(
                            setting,
                            "'defaults.strip-suffix': '\(suffix)' is not the end of a type name; expected letters, "
                                + "digits or _")
                    }
                    configuration.defaults.stripSuffix = (suffix, origin)
                default:
                    guard let count = Int(try reader.scalar(setting, "a number")), count >= 0 else {
                        throw reader.error(
                            setting, "'defaults.max-nodes': expected 0 (draw all) or a positive number")
                    }
                    configuration.defaults.maxNodes = (count, origin)
                }
            }
        }
    }

    /// What `--strip-suffix` and `defaults.strip-suffix` accept: the end of a Swift type name.
    public static func isTypeNameSuffix(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A theme is a built-in one's name, or a file that can be read (a word with no `/` or `.` is a name, as
    /// `--theme` takes it). Checked here so that every command, `config --print` too, says so at the file's line.
    private static func checkTheme(
        _ path: String, written: String, themes: [String], at node: Yams.Node, _ reader: Reader
    ) throws(ConfigurationError) {
        if themes.contains(path) { return }
        if !path.contains("/") && !path.contains(".") {
            throw reader.error(
                node,
                "'defaults.theme': no built-in theme '\(written)'; expected one of \(themes.joined(separator: ", ")) "
                    + "or a theme file's path (relative to this file, e.g. ./\(written))")
        }
        if case .failure(let error) = TextFile.contents(of: path) {
            throw reader.error(node, "'defaults.theme': theme '\(written)': cannot read it: \(error.reason)")
        }
    }

    /// A configuration's theme is a file in the configuration's folder or below: a repository's `.navgraph.yml` names
    /// files of its own. `/etc/hostname` put that file into `render --format dot`'s output, `/dev/zero` made every
    /// command read without end, `/dev/stdin` swallowed the piped log. `..` and absolute paths are judged as written,
    /// then symlinks as they resolve. A theme elsewhere is the user's to give, with `--theme`.
    private static func confine(
        _ path: String, to folder: String, written: String, at node: Yams.Node, _ reader: Reader
    ) throws(ConfigurationError) {
        let advice = "a configuration's theme is a file in its folder or below (give another one with --theme)"
        guard let place = ConfinedPath.check(path, in: folder) else { return }
        switch place {
        case .outside:
            throw reader.error(
                node, "'defaults.theme': theme '\(written)' is outside this file's folder (\(folder)); \(advice)")
        case .linkedOutside(let target):
            throw reader.error(
                node,
                "'defaults.theme': theme '\(written)' is a symlink to \(target), outside this file's folder "
                    + "(\(folder)); \(advice)")
        }
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        default: return "\(error)"
        }
    }
}

/// Reads the YAML nodes of one file, each error at its line; collects the mistakes of a whole file.
private final class Reader {
    let file: String
    /// The mistakes found so far, in file order.
    private(set) var problems: [ConfigurationError] = []

    init(file: String) { self.file = file }

    /// Runs `body`; a mistake it throws is recorded, and `nil` returned, so that reading goes on with the next entry.
    @discardableResult
    func attempt(_ body: () throws(ConfigurationError) -> Void) -> Void? {
        do {
            try body()
            return ()
        } catch {
            record(error)
            return nil
        }
    }

    /// Kept in file order: a mistake in a key is found while its mapping is read, before its section's entries.
    private func record(_ error: ConfigurationError) {
        let index = problems.firstIndex { ($0.line ?? 0) > (error.line ?? 0) } ?? problems.endIndex
        problems.insert(error, at: index)
    }

    func origin(_ node: Yams.Node) -> NavGraphConfiguration.Origin {
        node.mark.map { "\(file):\($0.line)" } ?? file
    }

    func error(_ node: Yams.Node, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, message: message)
    }

    /// The pairs of a mapping, each key checked against `expected` (any key when `nil`), duplicates refused.
    func mapping(_ node: Yams.Node, _ what: String, expected: [String]?) throws(ConfigurationError) -> [(
        Yams.Node, Yams.Node
    )] {
        guard let mapping = node.mapping else {
            throw error(node, "\(what) must be a mapping of keys to values")
        }
        var seen = Set<String>()
        var pairs: [(Yams.Node, Yams.Node)] = []
        for (key, value) in mapping {
            // A bad key is reported and its entry left out; the mapping's other entries are still read.
            guard let name = key.scalar?.string else {
                record(error(key, "\(what): keys must be plain text"))
                continue
            }
            if let expected, !expected.contains(name) {
                record(error(key, "unknown key '\(name)' in \(what); expected \(expected.joined(separator: ", "))"))
                continue
            }
            guard seen.insert(name).inserted else {
                record(error(key, "'\(name)' appears twice in \(what)"))
                continue
            }
            pairs.append((key, value))
        }
        return pairs
    }

    /// `tag:yaml.org,2002:int` → `a number`.
    private static func describe(_ tag: String) -> String {
        switch tag {
        case Tag.Name.null.rawValue: "null"
        case Tag.Name.bool.rawValue: "a boolean"
        case Tag.Name.int.rawValue, Tag.Name.float.rawValue: "a number"
        default: "a value of type \(tag.split(separator: ":").last ?? "?")"
        }
    }

    func sequence(_ node: Yams.Node, _ what: String) throws(ConfigurationError) -> [Yams.Node] {
        guard let sequence = node.sequence else { throw error(node, "\(what) must be a list") }
        return Array(sequence)
    }

    func scalar(_ node: Yams.Node, _ what: String) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar?.string else {
            throw error(node, "expected \(what), found a \(node.sequence != nil ? "list" : "mapping")")
        }
        return scalar
    }

    /// A glob over type or property names: letters, digits, `_`, `.`, `<`, `>`, `,`, spaces inside generics, `-`
    /// and `:` (NavigatorUI's navigators are named `settings-sheet`; a window may be `main:2`), and `*` for any run.
    /// Anything else (`?`, `[`, `{`, `/`) would be a pattern syntax navgraph does not have.
    func glob(_ node: Yams.Node) throws(ConfigurationError) -> String {
        let pattern = try scalar(node, "a glob")
        // YAML reads `null`, `~`, `5` or `true` as other values than text: not a type's name someone meant.
        if node.scalar != nil, case let tag = node.tag.description, tag != Tag.Name.str.rawValue {
            throw error(node, "expected a glob (a type or property name), found \(Self.describe(tag)) '\(pattern)'")
        }
        guard !pattern.isEmpty else { throw error(node, "an empty glob matches nothing") }
        if let bad = pattern.first(where: { !($0.isLetter || $0.isNumber || "_.*<>, -:".contains($0)) }) {
            // A value of any length may be there: the message quotes enough of it to find it by.
            let shown = pattern.count > 80 ? pattern.prefix(79) + "…" : Substring(pattern)
            throw error(
                node,
                "bad glob '\(shown)': '\(bad)' is not allowed; a glob is a name with * for any run of characters")
        }
        return pattern
    }
}
