/// Type names as apps write them into their logs, made readable: the runtime's names of private and local types
/// (`MyApp.(unknown context at $10a5b1c2c).Secret`) and mangled names (`7Recipes5RouteO`, what NavigationBackport and
/// FlowStacks encode with `_mangledTypeName`).
enum SwiftTypeName {
    /// `name` as a reader shows it: a mangled name demangled, and the `(unknown context at $…).` of private and local
    /// types left out (`MyApp.Secret`: the address changes with every launch, and says nothing to a reader).
    static func readable(_ name: String) -> String {
        var name = name
        if let demangled = demangled(name) { name = demangled }
        return withoutUnknownContexts(name)
    }

    /// Whether `name` could be a mangled type name, by its syntax only (cheap; `demangled(_:)` tells): letters,
    /// digits, `_` and `$`, and either a standard type (`S` and a letter: `_mangledTypeName(Int.self)` is `Si`) or a
    /// length then at least that many characters, ending with an upper-case letter (the kind: `7Recipes5RouteO`).
    /// `2024` and `2fa` are not.
    static func mayBeMangled(_ name: ByteLine) -> Bool {
        guard name.count >= 2, let first = name.first, let last = name.last, let second = name[1] else { return false }
        let valid =
            name.firstIndex { byte in
                !((byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F
                    || byte == 0x24)
            } == nil
        guard valid else { return false }
        if first == 0x53 { return (second | 0x20) >= 0x61 }
        guard first >= 0x30 && first <= 0x39, last >= 0x41 && last <= 0x5A else { return false }
        var length = 0
        var index = 0
        while let byte = name[index], byte >= 0x30 && byte <= 0x39, length < 1 << 20 {
            length = length * 10 + Int(byte - 0x30)
            index += 1
        }
        return length > 0 && name.count - index > length
    }

    /// The readable name of a mangled type name without its `$s` prefix, as `_mangledTypeName` writes it
    /// (`7Recipes5RouteO` is `Recipes.Route`, `SaySiG` `Swift.Array<Swift.Int>`); `nil` when `name` is not one.
    static func demangled(_ name: String) -> String? {
        guard name.withByteLine(mayBeMangled) else { return nil }
        let symbol = "$s" + name
        let text = RuntimeDemangler.demangle(symbol)
        // Not a mangled name: the runtime hands it back as given. A module alone (`7Recipes`) or a run of names
        // without a kind (`7Recipes5Route`) comes back without a dot: not a type either.
        guard let text, text != symbol, !text.hasPrefix("$"), text.contains(".") else { return nil }
        return text
    }

    /// `name` without the `(unknown context at $…).` components the runtime writes for private and local types,
    /// anywhere in it (generic arguments too).
    static func withoutUnknownContexts(_ name: String) -> String {
        let marker = "(unknown context at $"
        guard name.contains(marker) else { return name }
        var result = ""
        var rest = name[...]
        while let range = rest.range(of: marker) {
            result += rest[..<range.lowerBound]
            var after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: ")") else {
                result += rest[range.lowerBound...]
                return result
            }
            after = after[after.index(after: close)...]
            if after.first == "." { after = after.dropFirst() }
            rest = after
        }
        result += rest
        return result
    }

    /// The length of `(unknown context at $HEX)` at `start` in `bytes`, or `nil` when there is none there.
    static func unknownContextLength(in bytes: ByteLine, at start: Int) -> Int? {
        let marker: StaticString = "(unknown context at $"
        guard bytes.matches(marker, at: start) else { return nil }
        let digits = start + marker.utf8CodeUnitCount
        let position = bytes.endOfRun(from: digits, while: isHexDigit)
        guard position > digits, bytes[position] == 0x29 else { return nil }
        return position + 1 - start
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
    }
}
