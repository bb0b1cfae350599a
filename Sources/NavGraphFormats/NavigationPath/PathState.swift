import NavGraphCore

/// One state of a `NavigationPath`, from `NavigationPath.CodableRepresentation` JSON: a flat array of strings in
/// pairs, a type name then that value's own JSON, **last-pushed entry first**. Entries are kept in push order.
struct PathState {
    struct Entry {
        /// The type name as encoded (`MyApp.Route`).
        var typeName: String
        /// The value's JSON as encoded; two entries are the same value when these bytes are equal.
        var valueJSON: String
    }

    /// Entries in push order (the stack's bottom first).
    var entries: [Entry]

    /// Why an array is not a NavigationPath.
    struct Problem: Error {
        var message: String
    }

    /// Reads the array in `bytes` (nothing else: the caller found where it starts and ends).
    init(json bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw Problem(message: "NavigationPath JSON is not valid JSON at column \(error.column) of the array: \(error.message)")
        }
        guard document[document.root].kind == .array else {
            throw Problem(message: "expected a NavigationPath JSON array, found \(JSONDocument.describe(document[document.root].kind))")
        }
        let elements = document.children(of: document.root)
        for (position, element) in elements.enumerated() where document[element].kind != .string {
            throw Problem(message: "NavigationPath JSON element \(position + 1) is \(JSONDocument.describe(document[element].kind)); "
                + "expected a string (type names and values' JSON alternate, all strings)")
        }
        guard elements.count % 2 == 0 else {
            throw Problem(message: "NavigationPath JSON has an odd number of elements (\(elements.count)); "
                + "expected pairs of a type name and that value's JSON")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(elements.count / 2)
        var pair = elements.count - 2
        while pair >= 0 {
            entries.append(Entry(typeName: document[elements[pair]].text ?? "", valueJSON: document[elements[pair + 1]].text ?? ""))
            pair -= 2
        }
        self.entries = entries
    }

    /// The label of the entry at `index` (push order): its value's short form. Throws when the value is not JSON.
    func valueLabel(at index: Int) throws(Problem) -> String {
        let entry = entries[index]
        var json = entry.valueJSON
        let parsed = json.withUTF8 { bytes in Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) } }
        switch parsed {
        case .success(let document):
            return ValueLabel.make(document)
        case .failure(let error):
            // Elements count from the array's start, where the last-pushed entry comes first.
            let element = (entries.count - 1 - index) * 2 + 2
            throw Problem(message: "NavigationPath JSON element \(element), the value of a \(entry.typeName), is not JSON "
                + "(column \(error.column): \(error.message)); expected the value's own JSON as a string")
        }
    }
}
