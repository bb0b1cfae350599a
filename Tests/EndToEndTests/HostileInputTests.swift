import Foundation
import NavGraphTestSupport
import Testing

/// Writes `parts` to a new file in `folder`, streaming, so large inputs never sit in memory at once.
func writeFile(_ folder: URL, _ name: String, _ parts: (FileHandle) throws -> Void) throws -> String {
    let url = folder.appendingPathComponent(name)
    try createEmptyFile(url)
    let handle = try FileHandle(forWritingTo: url)
    try parts(handle)
    try handle.close()
    return url.path
}

/// Writes `first`, then `line(index)` for each index, then `last`, in 1 MiB pieces (the text of a million lines is
/// never held at once).
func writeLines(
    _ folder: URL, _ name: String, _ indices: Range<Int>, first: String, last: String,
    _ line: (Int) -> String
) throws -> String {
    try writeFile(folder, name) { handle in
        var text = first
        for index in indices {
            text += line(index)
            if text.utf8.count > 1 << 20 {
                handle.write(Data(text.utf8))
                text = ""
            }
        }
        handle.write(Data((text + last).utf8))
    }
}

/// A run of navgraph and its peak resident memory in KiB, measured by /usr/bin/time where it is installed: one run
/// gives both. The peak is `nil` under a sanitizer (its shadow memory is not navgraph's), or without /usr/bin/time.
func measuredRun(_ arguments: [String]) throws -> (run: Run, peakKB: Int?) {
    guard ProcessInfo.processInfo.environment["NAVGRAPH_SANITIZED"] == nil,
        FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    else { return (try navgraph(arguments), nil) }
    let marker = "navgraph-test-peak-kb "
    var run = try runTool(URL(fileURLWithPath: "/usr/bin/time"), ["-f", marker + "%M", binaryURL.path] + arguments)
    // time(1) writes its line last, after navgraph's own stderr.
    guard let range = run.stderr.range(of: marker, options: .backwards) else { return (run, nil) }
    let peak = Int(run.stderr[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
    run.stderr = String(run.stderr[..<range.lowerBound])
    return (run, peak)
}

/// Whether the tests run under a sanitizer (scripts/test-sanitized), where a run is many times slower and memory is
/// not measured: inputs sized only to exceed a memory bound are made smaller there.
let sanitized = ProcessInfo.processInfo.environment["NAVGRAPH_SANITIZED"] != nil

@Suite("Hostile input: every case has a defined outcome", .serialized, .tags(.memory))
struct HostileInputTests {
    let folder: URL

    init() throws { folder = try temporaryFolder() }

    @Test func emptyBinaryAndNUL() throws {
        let empty = try writeFile(folder, "empty.log") { _ in }
        let run = try navgraph(["tree", empty])
        #expect(
            run.status == 2 && run.stderr.contains("error: the input is empty; expected navigation output in one of"))

        let binary = try writeFile(folder, "app.bin") { handle in
            handle.write(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        }
        let bin = try navgraph(["tree", binary])
        #expect(bin.status == 2 && bin.stderr.contains("this looks like a binary file (it has NUL bytes)"))

        // UTF-16 (a log saved by PowerShell or a Windows editor) is named as such, with the conversion, with or
        // without its byte-order mark; it was called binary.
        let text = try String(contentsOfFile: example("session.log"), encoding: .utf8)
        for (name, bytes) in [
            ("utf16le-bom.log", [UInt8]([0xFF, 0xFE]) + Array(text.data(using: .utf16LittleEndian)!)),
            ("utf16be.log", Array(text.data(using: .utf16BigEndian)!)),
        ] {
            let path = try writeFile(folder, name) { handle in handle.write(Data(bytes)) }
            let run = try navgraph(["tree", path])
            #expect(run.status == 2, "\(name)")
            #expect(
                run.stderr.contains(
                    "error: this is UTF-16 text, and navgraph reads UTF-8; convert it first: iconv -f UTF-16 -t UTF-8"),
                "\(name): \(run.stderr)")
        }

        // NUL bytes in the app's own output are noise like any other.
        let mixed = try writeFile(folder, "nul.log") { handle in
            handle.write(Data([0x00, 0x01, 0x0A]))
            handle.write(Data("<[AppNavigationModel 667...]>\n\t<[HomeNavigationModel E34...]>\nbad\u{0}line\n".utf8))
        }
        let nul = try navgraph(["tree", mixed])
        #expect(nul.status == 0 && nul.stdout.contains("└─ HomeNavigationModel E34"))
        #expect(nul.stderr.contains("skipped 2 lines"))
    }

    @Test func invalidUTF8IsReportedAndSkippedWhenLenient() throws {
        let path = try writeFile(folder, "utf8.log") { handle in
            handle.write(Data("<[AppNavigationModel 667...]>\n".utf8))
            handle.write(
                Data([
                    0x09, 0x3C, 0x5B, 0x48, 0x6F, 0x6D, 0x65, 0xFF, 0xFE, 0x20, 0x45, 0x33, 0x34, 0x2E, 0x2E, 0x2E,
                    0x5D, 0x3E, 0x0A,
                ]))
            handle.write(Data("{\"not\": \"valid \u{FF}".utf8))
        }
        let run = try navgraph(["tree", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("utf8.log:2: error: invalid UTF-8 in a SwiftUINavigation line"))
        let lenient = try navgraph(["tree", "--lenient", path])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("utf8.log:2: warning: invalid UTF-8"))
        #expect(lenient.stdout.contains("AppNavigationModel 667"))
    }

    @Test func aHundredMegabyteLineIsSkippedInBoundedMemory() throws {
        let path = try writeFile(folder, "long.log") { handle in
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            // Past the memory bound; under a sanitizer, which does not measure memory, 16 MB.
            for _ in 0..<(sanitized ? 16 : 100) { handle.write(chunk) }
            handle.write(Data("\n<[AppNavigationModel 667...]>\n".utf8))
        }
        let (run, peak) = try measuredRun(["tree", path])
        #expect(run.status == 0)
        #expect(run.stdout == "window main\nAppNavigationModel 667\n")
        #expect(run.stderr.contains("skipped 1 line"))
        if let peak { #expect(peak < 80_000, "peak \(peak) KB") }
    }

    /// Twice the memory bound of noise (~128 MB; ~256 MB at full scale, 16 MB under a sanitizer, which does not
    /// measure memory) is read through in bounded memory.
    @Test func hundredsOfMegabytesOfNoiseStreamThrough() throws {
        let line = Data(
            "2025-03-14 09:41:07.201 App[4242:9111] [Network] GET https://api.example.com/v1/feed 200 (143 ms)\n".utf8)
        let blocks = sanitized ? 16 : scaled(128, full: 256)  // of 10,000 lines, ~1 MB
        let path = try writeFile(folder, "noise.log") { handle in
            var block = Data()
            for _ in 0..<10_000 { block.append(line) }
            for _ in 0..<blocks { handle.write(block) }
        }
        let (run, peak) = try measuredRun(["tree", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: no navigation output found in \(blocks * 10_000) lines"))
        if let peak { #expect(peak < 60_000, "peak \(peak) KB") }
    }

    /// 10,000 levels; 3,000 under a sanitizer, where a run is many times slower.
    @Test(.tags(.draws)) func aDumpTenThousandLevelsDeep() throws {
        let depth = sanitized ? 3_000 : 10_000
        let folded = (depth - 1) / 48 * 48  // the tree folds indentation every 48 levels
        let path = try writeFile(folder, "deep.log") { handle in
            handle.write(Data("[Level0NavigationModel 000...]: Started\n".utf8))
            for level in 0..<depth {
                let id = String(level % 4096, radix: 16, uppercase: true)
                let prefix = String(repeating: "0", count: 3 - id.count) + id
                handle.write(
                    Data(
                        (String(repeating: "\t", count: level) + "<[Level\(level)NavigationModel \(prefix)...]>\n").utf8
                    ))
            }
        }
        let tree = try navgraph(["tree", path])
        #expect(tree.status == 0)
        #expect(tree.stdout.contains("⋮ depth \(folded)\n└─ Level\(folded)NavigationModel"))
        #expect(tree.stdout.utf8.count < 2_000_000, "folded indentation: \(tree.stdout.utf8.count) bytes")
        let json = try navgraph(["tree", "--format", "json", path])
        #expect(json.status == 0)
        #expect(json.stdout.components(separatedBy: "\"children\": [").count - 1 == depth)
        let dot = try navgraph(["render", "--format", "dot", path])
        #expect(dot.status == 0)
        #expect(dot.stderr.contains("drew 2000 models; \(depth - 2000) more are folded"))
        let svg = try navgraph(["render", "--format", "svg", "--max-nodes", "300", path])
        #expect(svg.status == 0 && isWellFormedXML(svg.stdoutBytes))
        let leaks = try navgraph(["leaks", path])
        #expect(leaks.status == 0 && leaks.stdout.hasPrefix("0 leaked"))
    }

    /// A chain of 40,000 presentations (100,000 at full scale, 10,000 under a sanitizer), each on the last, the second
    /// half dismissed at once.
    @Test func aLongChainOfPresentationsEachOnTheLast() throws {
        let count = sanitized ? 10_000 : scaled(40_000, full: 100_000)
        let half = count / 2
        let path = try writeLines(
            folder, "chain.jsonl", 1..<count,
            first: "{\"event\":\"root\",\"id\":\"p0\",\"type\":\"RootModel\"}\n",
            last: "{\"event\":\"dismiss\",\"id\":\"p\(half)\"}\n"
        ) { index in
            "{\"event\":\"start\",\"id\":\"p\(index)\",\"type\":\"SheetModel\"}\n"
                + "{\"event\":\"present\",\"id\":\"p\(index)\",\"type\":\"SheetModel\",\"parent\":\"p\(index - 1)\",\"style\":\"sheet\"}\n"
        }
        let tree = try navgraph(["tree", path])
        #expect(tree.status == 0)
        #expect(tree.stdout.contains("⋮ depth \((half - 1) / 48 * 48)"))  // folded every 48 levels
        #expect(tree.stdout.contains("Leaked: left the hierarchy, never finished (\(half)):"))
        let leaks = try navgraph(["leaks", "--format", "json", path])
        #expect(leaks.status == 1)
        #expect(leaks.stdout.contains("\"alive\": \(half - 1)"))
        let dot = try navgraph(["render", "--format", "dot", path])
        #expect(dot.status == 0 && dot.stderr.contains("folded into '… N more' nodes"))
    }

    /// A stack of 100,000 entries (a million at full scale, 20,000 under a sanitizer) is listed to its top and folded
    /// in a drawing.
    @Test func aVeryLongStack() throws {
        let count = sanitized ? 20_000 : scaled(100_000, full: 1_000_000)
        let path = try writeLines(
            folder, "stack.jsonl", 0..<count,
            first: "{\"event\":\"root\",\"id\":\"s\",\"type\":\"StackRootModel\",\"kind\":\"stack\"}\n",
            last: "{\"event\":\"pop\",\"parent\":\"s\",\"count\":3}\n"
        ) { index in
            "{\"event\":\"push\",\"id\":\"e\(index)\",\"type\":\"DetailModel\",\"parent\":\"s\"}\n"
        }
        let tree = try navgraph(["tree", path])
        #expect(tree.status == 0)
        #expect(tree.stdout.hasSuffix("\n└─ DetailModel e\(count - 4)\n"))
        let dot = try navgraph(["render", "--format", "dot", path])
        #expect(dot.status == 0)
        let folded = count - 43  // 999,957 of a million: the drawing keeps the first and the last few
        #expect(dot.stdout.contains("label=\"… \(folded / 1000),\(String(format: "%03d", folded % 1000)) more\""))
    }

    @Test func jsonThatIsNotAnEvent() throws {
        let run = try navgraph(
            ["tree"],
            stdin: """
                {"event":"root","id":"a","type":"App"}
                {"event":"push","id":"b","type":"X","parent":
                ["event","push"]
                "push"
                {"event":"push","id":42,"type":"X","parent":"a"}
                {"event":"push","id":"b","id":"c","type":"X","parent":"a"}
                {"event":"mark","label":"ok"} trailing

                """)
        #expect(run.status == 2)
        // A line that starts an event and cannot be read is an error; an array or a string is app output (a console
        // carries navgraph-events among the app's own prints), skipped and counted.
        for line in [2, 5, 6, 7] { #expect(run.stderr.contains("<stdin>:\(line): error:"), "line \(line)") }
        for line in [3, 4] { #expect(!run.stderr.contains("<stdin>:\(line): error:"), "line \(line)") }
        #expect(run.stderr.contains("4 errors in input"))
    }

    @Test func contradictionsAreNamedAndTheStateStaysConsistent() throws {
        let run = try navgraph(
            ["tree"],
            stdin: """
                {"event":"finish","id":"x"}
                {"event":"root","id":"app","type":"App","kind":"tabs"}
                {"event":"start","id":"t","type":"Home"}
                {"event":"tab","id":"t","type":"Home","parent":"app"}
                {"event":"push","id":"d","type":"Detail","parent":"app"}
                {"event":"pop","parent":"t","count":5}
                {"event":"dismiss","id":"t"}
                {"event":"root","id":"app2","type":"App"}
                {"event":"finish","id":"t"}
                {"event":"finish","id":"t"}
                {"event":"start","id":"t","type":"Home"}

                """)
        #expect(run.status == 0)
        for (line, text) in [
            (1, "finish of 'x', which is not alive"), (5, "push onto 'app', a tabs container"),
            (6, "pop on 't', which is not a stack"), (7, "dismiss of 't', which is not presented"),
            (8, "window 'main' already has root 'app'"), (10, "finish of 't', which is not alive"),
            (11, "start of 't', which finished at line 9"),
        ] {
            #expect(run.stderr.contains("<stdin>:\(line): warning: \(text)"), "line \(line)")
        }
        #expect(run.stdout.hasPrefix("window main\nApp app2\n"))
        let strict = try navgraph(["tree", "--strict"], stdin: "{\"event\":\"dismiss\",\"id\":\"t\"}\n")
        #expect(strict.status == 2 && strict.stderr.contains("<stdin>:1: error: dismiss of 't'"))
    }

    @Test(.tags(.draws)) func hostileNamesInEveryOutput() throws {
        let names = [
            "Quote\"Back\\slash", "</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>",
            "Esc\u{1B}[2JBidi\u{202E}X", "CDATA]]>&amp;",
        ]
        func encoded(_ object: [String: String]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        var log = "{\"event\":\"root\",\"id\":\"r\",\"type\":\"Root\",\"kind\":\"tabs\"}\n"
        for (index, name) in names.enumerated() {
            log +=
                try encoded(["event": "tab", "id": "t\(index)\u{1B}[31m", "type": name, "parent": "r", "title": name])
                + "\n"
        }
        let path = try writeFile(folder, "hostile.jsonl") { $0.write(Data(log.utf8)) }
        let tree = try navgraph(["tree", "--color", "never", path])
        #expect(tree.status == 0)
        #expect(!tree.stdout.contains("\u{1B}") && !tree.stdout.contains("\u{202E}"))
        #expect(tree.stdout.contains("Esc\\u{1B}[2JBidi\\u{202E}X"))
        let json = try navgraph(["tree", "--format", "json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tabs = ((object["roots"] as? [[String: Any]])?.first?["children"] as? [[String: Any]]) ?? []
        #expect(
            tabs.map { $0["type"] as? String } == [
                "Quote\"Back\\slash", "</script><script>alert(1)</script>",
                "<img src=x onerror=alert(1)>", "Esc\u{1B}[2JBidi\u{202E}X", "CDATA]]>&amp;",
            ])
        let svg = try navgraph(["render", "--format", "svg", path])
        #expect(svg.status == 0 && isWellFormedXML(svg.stdoutBytes))
        let svgText = String(decoding: svg.stdoutBytes, as: UTF8.self)
        #expect(!svgText.contains("<script") && !svgText.contains("<img"))
        #expect(svgText.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(svgText.contains("CDATA]]&gt;&amp;amp;"))
    }

    /// A 2 MB id: `tree` and JSON show it whole; a diagram draws its first 199 characters and `…` (Graphviz cannot
    /// lay out a node millions of points wide: it failed, printing the same error once per edge).
    @Test(.tags(.draws)) func aMegabyteIDIsDrawnClipped() throws {
        let id = String(repeating: "x", count: 2_000_000)
        let path = try writeFile(folder, "wide.jsonl") {
            $0.write(Data("{\"event\":\"root\",\"id\":\"\(id)\",\"type\":\"Root\"}\n".utf8))
        }
        let json = try navgraph(["tree", "--format", "json", path])
        #expect(json.status == 0 && json.stdout.contains(id))
        let svg = try navgraph(["render", "--format", "svg", path])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(isWellFormedXML(svg.stdoutBytes))
        let svgText = String(decoding: svg.stdoutBytes, as: UTF8.self)
        #expect(svgText.contains(">Root<") && svgText.contains(">" + String(repeating: "x", count: 199) + "…<"))
        let mermaid = try navgraph(["render", "--format", "mermaid", path])
        #expect(mermaid.status == 0 && mermaid.stdout.contains("Root " + String(repeating: "x", count: 199) + "#8230;"))
        #expect(!mermaid.stdout.contains(String(repeating: "x", count: 200)))
        // The navigation map draws types: a 100 KB type name is clipped the same way.
        let type = String(repeating: "T", count: 100_000)
        let typed = try writeFile(folder, "wide-type.jsonl") {
            $0.write(Data("{\"event\":\"root\",\"id\":\"r\",\"type\":\"\(type)\"}\n".utf8))
        }
        let map = try navgraph(["diagram", "--format", "svg", typed])
        #expect(map.status == 0, "\(map.stderr)")
        #expect(String(decoding: map.stdoutBytes, as: UTF8.self).contains(String(repeating: "T", count: 199) + "…"))
    }

    @Test func outputThatCannotBeWritten() throws {
        let run = try navgraph(["render", "-o", "/proc/nav.svg", example("session.log")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/proc/nav.svg: error: cannot write: cannot create a file in '/proc'"))
    }
}
