import CGraphviz
import Foundation

/// Reads DOT text into a cgraph graph, like `agmemread`, but numbering named objects in the order the text names
/// them.
///
/// Graphviz's default ID discipline uses the address of each interned name as the object's ID, and subgraphs are
/// kept ordered by ID — so the order of clusters in an SVG followed wherever `malloc` happened to put their names.
/// That changed with anything the process had allocated before (a second render in one process, another version of
/// navgraph, work on another thread) and made the same DOT render to different bytes. Here a name's ID is its
/// position among the names (even numbers, as Graphviz requires; unnamed objects keep Graphviz's odd ones), so a
/// given DOT text always gives the same SVG.
enum DOTReading {
    /// The graph, or `nil` when the text is not valid DOT (Graphviz reports why through its error function).
    /// Free it with `agclose`.
    static func read(_ dot: String) -> UnsafeMutablePointer<Agraph_t>? {
        var text = dot
        return text.withUTF8 { bytes -> UnsafeMutablePointer<Agraph_t>? in
            var reader = TextReader(bytes: bytes)
            return withUnsafeMutablePointer(to: &reader) { channel -> UnsafeMutablePointer<Agraph_t>? in
                navgraph_read(UnsafeMutableRawPointer(channel), nameOrderedIDs, textInput)
            }
        }
    }

    /// Where `agread` is in the text.
    private struct TextReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
    }

    // The two disciplines are made once and never changed; cgraph only reads them.

    /// Hands the text to the DOT parser a line at a time, as `agmemread` does.
    nonisolated(unsafe) private static let textInput: UnsafeMutablePointer<Agiodisc_t> = {
        let discipline = UnsafeMutablePointer<Agiodisc_t>.allocate(capacity: 1)
        discipline.initialize(
            to: Agiodisc_t(
                afread: { channel, buffer, size in
                    guard let channel, let buffer, size > 0 else { return 0 }
                    let reader = channel.assumingMemoryBound(to: TextReader.self)
                    let bytes = reader.pointee.bytes
                    var offset = reader.pointee.offset
                    var count = 0
                    while offset < bytes.count, count < Int(size) {
                        let byte = bytes[offset]
                        buffer[count] = CChar(bitPattern: byte)
                        offset += 1
                        count += 1
                        if byte == UInt8(ascii: "\n") { break }
                    }
                    reader.pointee.offset = offset
                    return Int32(count)
                },
                putstr: navgraph_default_io_discipline().pointee.putstr,
                flush: navgraph_default_io_discipline().pointee.flush))
        return discipline
    }()

    /// IDs by first mention: the root graph's state is an `ObjectNames`, made when the graph opens and freed when it
    /// closes.
    nonisolated(unsafe) private static let nameOrderedIDs: UnsafeMutablePointer<Agiddisc_t> = {
        let discipline = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
        discipline.initialize(
            to: navgraph_id_discipline(
                { graph, _ in
                    guard let graph else { return nil }
                    return Unmanaged.passRetained(ObjectNames(graph: graph)).toOpaque()
                },
                { state, _, name, id, create in
                    guard let state, let id else { return 0 }
                    let table = Unmanaged<ObjectNames>.fromOpaque(state).takeUnretainedValue()
                    guard let name else {
                        // Unnamed objects: odd numbers, counted per graph.
                        id.pointee = table.nextUnnamedID
                        table.nextUnnamedID += 2
                        return 1
                    }
                    guard let found = table.id(for: name, creating: create != 0) else { return 0 }
                    id.pointee = found
                    return 1
                },
                { _, _, _ in },  // Names stay until the graph closes.
                { state, _, id in
                    guard let state else { return nil }
                    return Unmanaged<ObjectNames>.fromOpaque(state).takeUnretainedValue().name(for: id)
                },
                { state in
                    guard let state else { return }
                    Unmanaged<ObjectNames>.fromOpaque(state).release()
                },
                { _, _, _ in }))
        return discipline
    }()

    /// A graph's names and their IDs: name number n (from 0) has ID `firstNamedID + 2n`. Named IDs sort after
    /// unnamed ones, as Graphviz's pointers do after its small counter (it keeps anonymous subgraphs — `{ rank=same;
    /// … }` — before named clusters).
    private final class ObjectNames {
        static let firstNamedID: IDTYPE = 1 << 40

        private var ids: [String: IDTYPE] = [:]
        /// Each name as a C string for `print`, in the graph's string table (`agstrdup`), as Graphviz's own ID
        /// discipline keeps them: Graphviz reads a header before a name it is handed (`aghtmlstr`, writing DOT,
        /// plain or JSON), which a string from `strdup` does not have. The table is freed with the graph.
        private var names: [UnsafeMutablePointer<CChar>] = []
        private let graph: UnsafeMutablePointer<Agraph_t>
        var nextUnnamedID: IDTYPE = 1

        init(graph: UnsafeMutablePointer<Agraph_t>) {
            self.graph = graph
        }

        func id(for name: UnsafeMutablePointer<CChar>, creating: Bool) -> IDTYPE? {
            let key = String(cString: name)
            if let known = ids[key] { return known }
            guard creating, let copy = agstrdup(graph, name) else { return nil }
            names.append(copy)
            let id = Self.firstNamedID + IDTYPE(names.count - 1) * 2
            ids[key] = id
            return id
        }

        func name(for id: IDTYPE) -> UnsafeMutablePointer<CChar>? {
            guard id % 2 == 0, id >= Self.firstNamedID else { return nil }
            let index = (id - Self.firstNamedID) / 2
            return index < names.count ? names[Int(index)] : nil
        }

    }
}
