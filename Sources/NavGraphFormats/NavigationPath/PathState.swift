import NavGraphCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    init(json bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        guard let elements = Self.scanStrings(bytes), elements.count % 2 == 0 else {
            throw Self.problem(in: bytes)
        }
        self.bytes = Array(bytes)
        self.elements = elements
    }

    /// Entries, counted in push order.
    var count: Int { elements.count / 2 }

    /// Whether entry `index` (push order) is the same type and value as `other`'s entry `otherIndex`.
    func sameEntry(_ index: Int, as other: PathState, _ otherIndex: Int) -> Bool {
        let mine = elementIndex(of: index)
        let theirs = other.elementIndex(of: otherIndex)
        // memcmp: a generic comparison of the two slices went byte by byte (a twentieth of reading a log).
        func same(_ element: Int, _ otherElement: Int) -> Bool {
            let range = elements[element]
            let otherRange = other.elements[otherElement]
            guard range.count == otherRange.count else { return false }
            return bytes.withUnsafeBufferPointer { mine in
                other.bytes.withUnsafeBufferPointer { theirs in
                    let start = mine.baseAddress! + range.lowerBound
                    return memcmp(start, theirs.baseAddress! + otherRange.lowerBound, range.count) == 0
                }
            }
        }
        return same(mine, theirs) && same(mine + 1, theirs + 1)
    }

    /// Entry `index`'s type and value as encoded, for caching what is decoded from them (hashed in one pass: as
    /// `[UInt8]`, byte by byte, which was a sixteenth of reading a log).
    func encodedEntry(at index: Int) -> HashedBytes {
        let element = elementIndex(of: index)
        let type = elements[element]
        let value = elements[element + 1]
        var encoded: [UInt8] = []
        encoded.reserveCapacity(type.count + 1 + value.count)
        encoded += bytes[type]
        encoded.append(0)
        encoded += bytes[value]
        return HashedBytes(bytes: encoded)
    }

    /// The type name of entry `index` (push order), as encoded (`MyApp.Route`).
    func typeName(at index: Int) throws(Problem) -> String {
        try decodeString(elementIndex(of: index))
    }

    /// The short form of entry `index`'s value (push order). Throws when the value is not JSON.
    func valueLabel(at index: Int) throws(Problem) -> String {
        let element = elementIndex(of: index) + 1
        var json = try decodeString(element)
        let parsed = json.withUTF8 { bytes in Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) } }
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

    /// Push order counts from the array's end: the last-pushed entry comes first.
    private func elementIndex(of entry: Int) -> Int { (count - 1 - entry) * 2 }

    private func decodeString(_ element: Int) throws(Problem) -> String {
        // Without escapes the text is the bytes between the quotes.
        let inner = elements[element].lowerBound + 1..<elements[element].upperBound - 1
        if !bytes[inner].contains(0x5C),
            let text = bytes[inner].withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) })
        {
            return text
        }
        let parsed = bytes.withUnsafeBufferPointer { all in
            Result { () throws(JSONSyntaxError) in
                try JSONParser.parse(UnsafeBufferPointer(rebasing: all[elements[element]]))
            }
        }
        switch parsed {
        case .success(let document):
            return document[document.root].text ?? ""
        case .failure(let error):
            throw Problem(
                message: "NavigationPath JSON element \(element + 1) is not a valid JSON string (\(error.message))")
        }
    }

    /// The elements of an array of strings, or `nil` when it is anything else (the full parser then says what).
    /// Strings are only delimited here: escapes and UTF-8 are checked when an element is decoded.
    private static func scanStrings(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        func isSpace(_ byte: UInt8) -> Bool { byte == .space || byte == .tab || byte == .newline || byte == .cr }
        var position = 0
        var elements: [Range<Int>] = []
        // Room for a path 16 deep without growing the array on the way.
        elements.reserveCapacity(32)
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == .openBracket else { return nil }
        position += 1
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == .closeBracket {
            position += 1
        } else {
            while true {
                guard position < bytes.count, bytes[position] == .quote else { return nil }
                let start = position
                position += 1
                while position < bytes.count, bytes[position] != .quote {
                    if bytes[position] < 0x20 { return nil }
                    position += bytes[position] == 0x5C ? 2 : 1
                }
                guard position < bytes.count else { return nil }
                position += 1
                elements.append(start..<position)
                while position < bytes.count, isSpace(bytes[position]) { position += 1 }
                guard position < bytes.count else { return nil }
                if bytes[position] == .closeBracket {
                    position += 1
                    break
                }
                guard bytes[position] == 0x2C else { return nil }
                position += 1
                while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            }
        }
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        return position == bytes.count ? elements : nil
    }

    /// What is wrong with an array that is not a flat array of strings in pairs.
    private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem {
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
