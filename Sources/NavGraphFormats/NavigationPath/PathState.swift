import Foundation
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
    init(json bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        guard let state = PathState(pairsIn: bytes) else { throw Self.problem(in: bytes) }
        self = state
    }

    /// The array in `bytes` when it is a flat array of strings in pairs (and nothing after it); `nil` otherwise,
    /// without working out why.
    init?(pairsIn bytes: UnsafeBufferPointer<UInt8>) {
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
        // memcmp: a generic comparison of the two slices goes byte by byte.
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
        return bytes.withUnsafeBytes { all in
            let type = SlotIndex.hash(bytes: UnsafeRawBufferPointer(rebasing: all[elements[element]]))
            let value = SlotIndex.hash(bytes: UnsafeRawBufferPointer(rebasing: all[elements[element + 1]]))
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
        return bytes.withUnsafeBufferPointer { mine in
            encoded.withUnsafeBufferPointer { theirs in
                memcmp(mine.baseAddress! + type.lowerBound, theirs.baseAddress!, type.count) == 0
                    && theirs[type.count] == 0
                    && memcmp(
                        mine.baseAddress! + value.lowerBound, theirs.baseAddress! + type.count + 1, value.count) == 0
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
                while true {
                    position = nextSpecialByte(in: bytes, from: position)
                    guard position < bytes.count, bytes[position] != .quote else { break }
                    if bytes[position] < 0x20 { return nil }
                    position += 2
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

    /// The first quote, backslash or control character at or after `start` in a string's text (`bytes.count` if none).
    /// Eight bytes at a time: byte by byte, finding where each string ends was the largest part of reading a log.
    private static func nextSpecialByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var position = start
        let raw = UnsafeRawBufferPointer(bytes)
        while position + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            // A byte of `quotes`/`slashes` is 0 where the word has that character; `(x - 1) & ~x` sets the high bit
            // of a zero byte, and `(x - 0x20) & ~x` of a byte below 0x20. Bits above the first hit can be wrong (a
            // borrow), the lowest set bit never is.
            let quotes = word ^ (ones &* UInt64(UInt8.quote))
            let slashes = word ^ (ones &* 0x5C)
            let hits =
                ((quotes &- ones) & ~quotes | (slashes &- ones) & ~slashes | (word &- ones &* 0x20) & ~word)
                & highBits
            if hits != 0 { return position + hits.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == .quote || byte == 0x5C || byte < 0x20 { return position }
            position += 1
        }
        return position
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
