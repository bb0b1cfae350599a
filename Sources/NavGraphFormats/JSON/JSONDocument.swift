/// A parsed JSON text, stored flat: values in one array, linked by first-child and next-sibling indices.
/// No recursive enum, so neither parsing nor freeing a deeply nested document can overflow the stack.
struct JSONDocument {
    enum Kind: UInt8 { case object, array, string, number, bool, null }

    struct Value {
        var kind: Kind
        /// A string's decoded text, or a number's literal.
        var text: String?
        var bool = false
        /// The member name, for a value inside an object.
        var key: String?
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        var childCount: Int32 = 0
        /// Byte offset of the value in the text (for messages naming a line in a multi-line document).
        var start: Int32 = 0
    }

    var values: [Value] = []

    /// The top-level value.
    var root: Int { 0 }

    subscript(index: Int) -> Value { values[index] }

    /// Indices of the children of an object or array, in order.
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(values[index].childCount))
        var child = values[index].firstChild
        while child >= 0 {
            result.append(Int(child))
            child = values[Int(child)].nextSibling
        }
        return result
    }

    /// The member `key` of an object.
    func member(_ key: String, of index: Int) -> Int? {
        var child = values[index].firstChild
        while child >= 0 {
            if values[Int(child)].key == key { return Int(child) }
            child = values[Int(child)].nextSibling
        }
        return nil
    }

    /// How a value's kind is named in messages.
    static func describe(_ kind: Kind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Why a line is not valid JSON, with the 1-based column where it went wrong.
struct JSONSyntaxError: Error, Equatable {
    var column: Int
    var message: String
}
