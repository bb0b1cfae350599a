import NavGraphCore

/// One input format navgraph reads: a handle on its `InputFormatDefinition`, compared by name. The formats there are
/// are `InputFormats.all`; each format's folder adds a constant for it (`InputFormat.swiftDump`).
public struct InputFormat: Sendable, Hashable, CustomStringConvertible {
    public let definition: any InputFormatDefinition.Type

    public init(_ definition: any InputFormatDefinition.Type) { self.definition = definition }

    /// The format named `name` or one of its aliases, among `InputFormats.all`.
    public init?(name: String) {
        guard let found = InputFormats.all.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
            return nil
        }
        self = found
    }

    public var name: String { definition.name }
    public var aliases: [String] { definition.aliases }
    public var summary: String { definition.summary }
    public var helpDescription: String { definition.helpDescription }
    public var expectedLines: String { definition.expectedLines }
    public var lifecycleAdvice: String { definition.lifecycleAdvice }
    public var lenientSkips: String? { definition.lenientSkips }
    public var fuzzSeeds: [String] { definition.fuzzSeeds }
    public var description: String { name }

    /// Something worth saying about an input of this format once read (see `InputFormatDefinition.remark`).
    public func remark(on hierarchy: Hierarchy, showsEverything: Bool) -> InputRemark? {
        definition.remark(on: hierarchy, showsEverything: showsEverything)
    }

    public func recognizes(_ line: ByteLine) -> Bool { definition.recognizes(line) }

    public static func == (lhs: InputFormat, rhs: InputFormat) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
