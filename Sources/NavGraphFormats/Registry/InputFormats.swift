/// Every input format navgraph reads, one line each: detection, `--input-format`, help and fuzzing go through this
/// list and nothing else. Detection asks them in this order (see `InputFormatDefinition.recognizes`).
public enum InputFormats {
    public static let all: [InputFormat] = [
        InputFormat(SwiftUINavigationFormat.self),
        InputFormat(EventLogFormat.self),
        InputFormat(NavigationPathFormat.self),
        InputFormat(NavigatorFormat.self),
        InputFormat(SwiftDumpFormat.self),
        InputFormat(TypedPathFormat.self),
        InputFormat(TCAFormat.self),
    ]

    /// The format the first of them to recognise `line` says it is in.
    static func detect(_ line: ByteLine) -> InputFormat? {
        all.first { $0.recognizes(line) }
    }
}
