import NavGraphCore

/// One state of a `NavigationPath`, from `NavigationPath.CodableRepresentation` JSON: a flat array of strings in
/// pairs, a type name then that value's own JSON, **last-pushed entry first**.
///
/// Kept as the array's bytes and where each element is, undecoded: successive states share most entries, and an
/// entry equal to the previous state's (the same bytes) needs no decoding. Only new entries are decoded (`typeName`,
/// `valueLabel`), which validates them.
struct PathState {
    private var bytes: [UInt8]
    /// Each element's text, quotes included, in array order.
    private var elements: [Range<Int>]

    /// Why an array is not a NavigationPath.
    struct Problem: Error {
        var message: String
    }

    static let empty = PathState(bytes: [], elements: [])

    private init(bytes: [UInt8], elements: [Range<Int>]) {
        self.bytes = bytes
        self.elements = elements
    }

    /// Reads the array in `bytes` (nothing else: the caller found where it starts and ends).
    init(json bytes: ByteLine) throws(Problem) {
        guard let state = PathState(pairsIn: bytes) else { throw Self.problem(in: bytes) }
        self = state
    }

    /// The array in `bytes` when it is a flat array of strings in pairs (and nothing after it); `nil` otherwise,
    /// without working out why.
    init?(pairsIn bytes: ByteLine) {
        guard let elements = Self.scanStrings(bytes), elements.count % 2 == 0 else { return nil }
        self.bytes = Array(bytes)
        self.elements = elements
    }

    /// Entries, counted in push order.
    var count: Int { elements.count / 2 }

    /// Whether entry `index` (push order) is the same type and value as `other`'s entry `otherIndex`.
    func sameEntry(_ index: Int, as other: PathState, _ otherIndex: Int) -> Bool {
        let mine = elementIndex(of: index)
        let theirs = other.elementIndex(of: otherIndex)
        // Compared as lines (`memcmp`): a generic comparison of the two slices goes byte by byte.
        return bytes.withByteLine { bytes in
            other.bytes.withByteLine { otherBytes in
                bytes.slice(elements[mine]) == otherBytes.slice(other.elements[theirs])
                    && bytes.slice(elements[mine + 1]) == otherBytes.slice(other.elements[theirs + 1])
            }
        }
    }

    /// Whether entry `index` (push order) is `other`'s entry `otherIndex` re-encoded: the same type once readable
    /// (`SwiftTypeName.readable`), and the same value once decoded (`CanonicalJSON`: objects' keys in any order,
    /// strings' escapes written either way). What `sameEntry` does not find the same, read the slow way.
    func sameValue(_ index: Int, as other: PathState, _ otherIndex: Int) -> Bool {
        let mine = elementIndex(of: index)
        let theirs = other.elementIndex(of: otherIndex)
        guard let type = try? decodeString(mine), let otherType = try? other.decodeString(theirs),
            type == otherType || SwiftTypeName.readable(type) == SwiftTypeName.readable(otherType),
            let value = try? decodeString(mine + 1), let otherValue = try? other.decodeString(theirs + 1)
        else { return false }
        if value == otherValue { return true }
        guard let canonical = CanonicalJSON.text(of: value), let otherCanonical = CanonicalJSON.text(of: otherValue)
        else { return false }
        return canonical == otherCanonical
    }

    /// Entry `index`'s type and value as encoded (`encodedEntry(at:)`), hashed where they are: what is decoded from
    /// an entry is cached by it, and copying each entry's bytes into a key of its own to hash it (SipHash, through a
    /// `Dictionary`) cost more than decoding the recurring entries saved.
    func entryHash(at index: Int) -> UInt64 {
        let element = elementIndex(of: index)
        return bytes.withByteLine { all in
            let type = all.slice(elements[element]).tableHash
            let value = all.slice(elements[element + 1]).tableHash
            return SlotIndex.hash(word: type &* 0x9E37_79B9_7F4A_7C15 ^ value)
        }
    }

    /// Entry `index`'s type and value as encoded: the type element's text, a 0 byte (never in JSON text), the value
    /// element's text.
    func encodedEntry(at index: Int) -> [UInt8] {
        let element = elementIndex(of: index)
        let type = elements[element]
        let value = elements[element + 1]
        var encoded: [UInt8] = []
        encoded.reserveCapacity(type.count + 1 + value.count)
        encoded += bytes[type]
        encoded.append(0)
        encoded += bytes[value]
        return encoded
    }

    /// Whether entry `index` is encoded as `encoded` (`encodedEntry(at:)`), compared where it is.
    func entry(at index: Int, isEncodedAs encoded: [UInt8]) -> Bool {
        let element = elementIndex(of: index)
        let type = elements[element]
        let value = elements[element + 1]
        guard encoded.count == type.count + 1 + value.count else { return false }
        return bytes.withByteLine { mine in
            encoded.withByteLine { theirs in
                mine.slice(type) == theirs.prefix(type.count) && theirs[type.count] == 0
                    && mine.slice(value) == theirs.slice(from: type.count + 1)
            }
        }
    }

    /// The type name of entry `index` (push order), as encoded (`MyApp.Route`).
    func typeName(at index: Int) throws(Problem) -> String {
        try decodeString(elementIndex(of: index))
    }

    /// The short form of entry `index`'s value (push order). Throws when the value is not JSON.
    func valueLabel(at index: Int) throws(Problem) -> String {
        let element = elementIndex(of: index) + 1
        let json = try decodeString(element)
        let parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(json) }
        switch parsed {
        case .success(let document):
            return ValueLabel.make(document)
        case .failure(let error):
            let type = (try? decodeString(element - 1)) ?? "?"
            throw Problem(
                message: "NavigationPath JSON element \(element + 1), the \(type) value, is not JSON "
                    + "(column \(error.column): \(error.message)); expected the value's own JSON as a string")
        }
    }

    /// Four hex digits that tell apart entries whose values' short forms are cut at the same place (`note(text:
    /// "…")~3fa2`): FNV-1a of the value's JSON, the same in every run (`SlotIndex.hash` is seeded per process).
    func valueDigest(at index: Int) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes[elements[elementIndex(of: index) + 1]] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        let folded = UInt16(truncatingIfNeeded: hash ^ hash >> 16 ^ hash >> 32 ^ hash >> 48)
        let digits = String(folded, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Push order counts from the array's end: the last-pushed entry comes first.
    private func elementIndex(of entry: Int) -> Int { (count - 1 - entry) * 2 }

    private func decodeString(_ element: Int) throws(Problem) -> String {
        let inner = elements[element].lowerBound + 1..<elements[element].upperBound - 1
        let decoded: Result<String, JSONSyntaxError> = bytes.withByteLine { all in
            // Without escapes the text is the bytes between the quotes.
            if !all.slice(inner).contains(0x5C), let text = all.slice(inner).validatedText { return .success(text) }
            return Result { () throws(JSONSyntaxError) in
                let document = try JSONParser.parse(all.slice(elements[element]))
                return document[document.root].text ?? ""
            }
        }
        switch decoded {
        case .success(let text):
            return text
        case .failure(let error):
            throw Problem(
                message: "NavigationPath JSON element \(element + 1) is not a valid JSON string (\(error.message))")
        }
    }

    /// The elements of an array of strings, or `nil` when it is anything else (the full parser then says what).
    /// Strings are only delimited here: escapes and UTF-8 are checked when an element is decoded.
    private static func scanStrings(_ bytes: ByteLine) -> [Range<Int>]? {
        func isSpace(_ byte: UInt8) -> Bool { byte == .space || byte == .tab || byte == .newline || byte == .cr }
        var elements: [Range<Int>] = []
        // Room for a path 16 deep without growing the array on the way.
        elements.reserveCapacity(32)
        var position = bytes.endOfRun(from: 0, while: isSpace)
        guard bytes[position] == .openBracket else { return nil }
        position = bytes.endOfRun(from: position + 1, while: isSpace)
        if bytes[position] == .closeBracket {
            position += 1
        } else {
            while true {
                guard bytes[position] == .quote else { return nil }
                let start = position
                position += 1
                // To the closing quote, over escapes (a backslash and the byte after it); a control character is no
                // JSON. Strings are only delimited here: escapes and UTF-8 are checked when an element is decoded.
                while true {
                    position = bytes.firstQuoteBackslashOrControl(from: position) ?? bytes.count
                    guard let byte = bytes[position], byte != .quote else { break }
                    if byte < 0x20 { return nil }
                    position += 2
                }
                guard position < bytes.count else { return nil }
                position += 1
                elements.append(start..<position)
                position = bytes.endOfRun(from: position, while: isSpace)
                guard let next = bytes[position] else { return nil }
                if next == .closeBracket {
                    position += 1
                    break
                }
                guard next == 0x2C else { return nil }
                position = bytes.endOfRun(from: position + 1, while: isSpace)
            }
        }
        return bytes.endOfRun(from: position, while: isSpace) == bytes.count ? elements : nil
    }

    /// What is wrong with an array that is not a flat array of strings in pairs.
    private static func problem(in bytes: ByteLine) -> Problem {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            return Problem(
                message:
                    "NavigationPath JSON is not valid JSON at column \(error.column) of the array: \(error.message)")
        }
        guard document[document.root].kind == .array else {
            return Problem(
                message:
                    "expected a NavigationPath JSON array, found \(JSONDocument.describe(document[document.root].kind))"
            )
        }
        let elements = document.children(of: document.root)
        for (position, element) in elements.enumerated() where document[element].kind != .string {
            return Problem(
                message:
                    "NavigationPath JSON element \(position + 1) is \(JSONDocument.describe(document[element].kind)); "
                    + "expected a string (type names and values' JSON alternate, all strings)")
        }
        return Problem(
            message: "NavigationPath JSON has an odd number of elements (\(elements.count)); "
                + "expected pairs of a type name and that value's JSON")
    }
}
