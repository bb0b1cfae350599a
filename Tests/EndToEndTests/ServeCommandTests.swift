import Foundation
import NavGraphTestSupport
import Testing

/// A running `navgraph serve`, with stderr in a file, stopped (SIGTERM) when the test ends.
final class ServeProcess {
    let process = Process()
    let folder: URL
    let errURL: URL
    private var feeder: Process?

    /// `serve` with `arguments`; stdin, when `feeding` is given, is that file written by `trickle` a line at a time
    /// (as a console delivers a running app's output), and ends with it.
    init(_ arguments: [String], feeding log: String? = nil, pause: Double = 0.005) throws {
        folder = try temporaryFolder()
        errURL = folder.appendingPathComponent("err")
        try createEmptyFile(errURL)
        process.executableURL = binaryURL
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let log {
            let pipe = Pipe()
            let feeder = Process()
            feeder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            feeder.arguments = ["python3", trickle.path, "--lines", "--pause", String(pause), log]
            feeder.standardOutput = pipe
            process.standardInput = pipe
            try process.run()
            try feeder.run()
            // navgraph's stdin ends when trickle's output does: no other copy of the pipe's writing end stays open.
            try pipe.fileHandleForWriting.close()
            self.feeder = feeder
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        feeder?.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    var stderr: String { currentText(of: errURL) }

    /// The port from the URL it prints on stderr.
    func port(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let said = waitUntil(errURL, contains: "/ (Ctrl-C stops)", sourceLocation: sourceLocation)
        let match = try #require(said.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), "\(said)")
        return try #require(Int(match.1))
    }

    /// Ends it as Ctrl-C does; its exit status.
    func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A GET on 127.0.0.1 (Python's http.client, which sends the Host header it is given as it is).
func httpGet(port: Int, _ path: String, host: String? = nil) throws -> (status: Int, body: String, headers: String) {
    let script = """
        import http.client, sys
        c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=20)
        host = sys.argv[3]
        c.putrequest("GET", sys.argv[2], skip_host=bool(host))
        if host: c.putheader("Host", host)
        c.endheaders()
        r = c.getresponse()
        sys.stdout.write(str(r.status) + "\\n" + "".join("%s: %s\\n" % h for h in r.getheaders()) + "\\n")
        sys.stdout.flush()
        sys.stdout.buffer.write(r.read())
        """
    let run = try runTool(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(port), path, host ?? ""])
    let parts = run.stdout.components(separatedBy: "\n\n")
    let head = parts[0].split(separator: "\n", maxSplits: 1)
    return (
        Int(head.first ?? "") ?? 0, parts.dropFirst().joined(separator: "\n\n"),
        head.count > 1 ? String(head[1]) : ""
    )
}

@Suite("navgraph serve", .serialized, .tags(.draws))
struct ServeCommandTests {
    /// Fed a log a line at a time on stdin: once the input ends, /state is what `tree --format json` writes for the
    /// whole file, and /state?step=N what `tree --at N` writes; the page and its stream are served, nothing else.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: trickle.path), "../shared/tools/trickle is absent"),
        arguments: ["leaky-session.log", "leaky-session.jsonl", "navigator-session.log", "per-tab-routers.log"])
    func theStateAtTheEndIsTheTreeOfTheWholeLog(example name: String) throws {
        let serve = try ServeProcess(["--port", "0"], feeding: example(name))
        let port = try serve.port()
        waitUntil(serve.errURL, contains: "the input ended; serving its final state")
        let state = try httpGet(port: port, "/state")
        let tree = try navgraph(["tree", "--format", "json", example(name)])
        #expect(state.status == 200)
        #expect(state.headers.lowercased().contains("content-type: application/json"), "\(state.headers)")
        #expect(state.body == tree.stdout)
        let at = try httpGet(port: port, "/state?step=5")
        #expect(at.body == (try navgraph(["tree", "--at", "5", "--format", "json", example(name)])).stdout)
        #expect(try httpGet(port: port, "/state?step=100000").status == 404)
        #expect(try httpGet(port: port, "/state?step=x").status == 400)

        let page = try httpGet(port: port, "/")
        #expect(page.status == 200)
        #expect(page.body.hasPrefix("<!DOCTYPE html>"))
        #expect(page.body.contains("<meta name=\"generator\" content=\"navgraph serve\">"))
        #expect(
            page.body.contains(
                "content=\"default-src 'none'; connect-src 'self'; style-src 'unsafe-inline'; "
                    + "script-src 'unsafe-inline'; img-src data:\""))
        #expect(page.headers.contains("Content-Security-Policy: default-src 'none'; connect-src 'self';"))
        // (FlyingFox reads a path with its dot segments resolved and a trailing slash dropped: /state/ is /state.)
        for path in ["/index.html", "/../etc/passwd", "/events/x", "/favicon.ico", "/templates", "/state.json"] {
            #expect(try httpGet(port: port, path).status == 404, "\(path)")
        }
        #expect(serve.interrupt() == 130)
    }

    /// The event stream: `state` events with the page's data, each with its version as its id.
    @Test func theEventStreamSendsTheState() throws {
        let serve = try ServeProcess(["--port", "0", example("session.log")])
        let port = try serve.port()
        let script = """
            import http.client, sys
            c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=20)
            c.request("GET", "/events")
            r = c.getresponse()
            print(r.status, r.getheader("Content-Type"))
            text = b""
            while b"\\n\\n" not in text[text.find(b"event: state"):] or b"event: state" not in text:
                text += r.read1(65536)
            print(text.decode()[:200])
            """
        let run = try runTool(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(port)])
        #expect(run.stdout.hasPrefix("200 text/event-stream"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\nretry: 1000\nid: "), "\(run.stdout)")
        #expect(run.stdout.contains("\nevent: state\ndata: {\"instance\":"), "\(run.stdout)")
    }

    /// Any number of tabs follow one log as it is read, each getting the final state; one that leaves midway (its
    /// connection dropped) changes nothing for the others, nor for the reader.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: trickle.path), "../shared/tools/trickle is absent"))
    func manyClientsFollowAndOneThatLeavesIsNoMatter() throws {
        let serve = try ServeProcess(["--port", "0"], feeding: example("leaky-session.jsonl"), pause: 0.02)
        let port = try serve.port()
        let script = """
            import http.client, sys, threading
            port, results = int(sys.argv[1]), {}
            def follow(name, leave):
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                c.request("GET", "/events")
                r, text, events = c.getresponse(), b"", 0
                while True:
                    chunk = r.read1(65536)
                    if not chunk: break
                    text += chunk
                    events = text.count(b"event: state")
                    if leave and events >= 1:
                        c.sock.close()
                        break
                    if b'"ended":true' in text: break
                results[name] = (events, b'"ended":true' in text)
            threads = [threading.Thread(target=follow, args=(n, n == 0)) for n in range(4)]
            for t in threads: t.start()
            for t in threads: t.join()
            for name in sorted(results): print(name, *results[name])
            """
        let run = try runTool(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(port)])
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(lines.count == 4, "\(run.stdout)\(run.stderr)")
        for line in lines.dropFirst() {
            #expect(line.count == 3 && line[2] == "True", "\(run.stdout)")
        }
        // The reader went on to the end, and the server still answers.
        waitUntil(serve.errURL, contains: "the input ended; serving its final state")
        let state = try httpGet(port: port, "/state")
        #expect(state.body == (try navgraph(["tree", "--format", "json", example("leaky-session.jsonl")])).stdout)
    }

    /// DNS rebinding: a request naming another host is refused, whatever it asks for.
    @Test func aForeignHostIsRefused() throws {
        let serve = try ServeProcess(["--port", "0", example("session.log")])
        let port = try serve.port()
        for host in ["evil.example", "evil.example:\(port)", "localhost.evil.example:\(port)", "127.0.0.1:1"] {
            for path in ["/", "/state", "/events"] {
                let answer = try httpGet(port: port, path, host: host)
                #expect(answer.status == 421, "\(host) \(path)")
                #expect(!answer.body.contains("roots"))
            }
        }
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "localhost"] {
            #expect(try httpGet(port: port, "/state", host: host).status == 200, "\(host)")
        }
    }

    /// It listens on 127.0.0.1 only, unless --host says otherwise (and then stderr says who can reach it).
    @Test func theSocketIsBoundToLoopback() throws {
        let serve = try ServeProcess(["--port", "0", example("session.log")])
        let port = try serve.port()
        let listening = try Self.listeningAddresses(port: port)
        try #require(listening != nil, "no /proc/net/tcp here")
        #expect(listening == ["127.0.0.1"], "\(listening ?? [])")
        #expect(!serve.stderr.contains("--host"))

        let everywhere = try ServeProcess(["--port", "0", "--host", "0.0.0.0", example("session.log")])
        let open = try everywhere.port()
        #expect(try Self.listeningAddresses(port: open) == ["0.0.0.0"])
        #expect(
            everywhere.stderr.contains(
                "navgraph: listening on 0.0.0.0 (--host): whoever can reach this machine on port \(open) can see"),
            "\(everywhere.stderr)")
    }

    /// The addresses listening on `port` (TCP over IPv4, from Linux's /proc/net/tcp); nil where there is none.
    static func listeningAddresses(port: Int) throws -> [String]? {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return nil }
        return table.split(separator: "\n").dropFirst().compactMap { row in
            let fields = row.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            let local = fields[1].split(separator: ":")
            guard local.count == 2, Int(local[1], radix: 16) == port, let address = UInt32(local[0], radix: 16) else {
                return nil
            }
            // Little-endian in the table.
            return (0..<4).map { String((address >> (8 * UInt32($0))) & 0xFF) }.joined(separator: ".")
        }
    }

    /// A port in use is one line saying how out, and a non-zero exit.
    @Test func aPortInUseIsOneLineWithTheWayOut() throws {
        let first = try ServeProcess(["--port", "0", example("session.log")])
        let port = try first.port()
        let second = try navgraph(["serve", "--port", String(port), example("session.log")])
        #expect(second.status == 1)
        #expect(
            second.stderr
                == "navgraph: error: port \(port) is in use (another navgraph serve?); --port 0 picks a free port, "
                + "or give another with --port N\n", "\(second.stderr)")
        let bad = try navgraph(["serve", "--port", "70000", example("session.log")])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--port 70000: a port is 0 (a free one) to 65535"), "\(bad.stderr)")
        let nowhere = try navgraph(["serve", "--port", "0", "--host", "203.0.113.9", example("session.log")])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("--host 203.0.113.9: not an IP address of this machine"), "\(nowhere.stderr)")
    }

    /// Following a file that does not exist yet is bad input, said before anything is served.
    @Test func aMissingFileIsBadInput() throws {
        let run = try navgraph(["serve", "--port", "0", "/no/such/app.log"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/no/such/app.log"), "\(run.stderr)")
    }

    /// stdin that ends with no navigation output in it is bad input, as for `tree`: the error, and exit status 2
    /// (serve.md), rather than an empty page served until Ctrl-C.
    @Test func stdinWithNoNavigationOutputIsBadInput() throws {
        let run = try navgraph(["serve", "--port", "0"], stdin: "hello\n{\n  \"a\" : 1\n}\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("navgraph: serving the live view at http://127.0.0.1:"), "\(run.stderr)")
        #expect(run.stderr.contains("<stdin>: error: no navigation output found in 4 lines"), "\(run.stderr)")
    }

    /// Following a file of a format other than SwiftUINavigation's (which never ends: the page is live), the advice
    /// where leaks cannot be told is the detected format's, as `leaks` gives it, not SwiftUINavigation's.
    @Test func theAdviceWhileLiveIsTheDetectedFormats() throws {
        let serve = try ServeProcess(["--port", "0", example("per-tab-routers.log")])
        let port = try serve.port()
        let leaks = try navgraph(["leaks", example("per-tab-routers.log")])
        let advice = "record when each model is created and when it is deallocated"
        #expect(leaks.stdout.contains(advice) || leaks.stderr.contains(advice), "\(leaks.stdout)\(leaks.stderr)")
        var page = ""
        let read = try waitUntil {
            page = try httpGet(port: port, "/").body
            return page.contains("\"leaksUnknown\":")
        }
        #expect(read, "\(page.suffix(400))")
        #expect(page.contains(advice))
        #expect(!page.contains("isDebugPrintEnabled"))
    }

    /// The page in headless Chromium, following a file as it grows (scripts/check-live-page.py).
    @Test(.enabled(if: chromiumIsAvailable, "needs chromium, chromium-driver and Python's selenium (scripts/setup)"))
    func thePageFollowsTheLogInHeadlessChromium() throws {
        for (log, extra) in [("leaky-session.jsonl", [String]()), ("leaky-session.log", ["--theme", "dark"])] {
            let check = try runTool(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", repositoryRoot.appendingPathComponent("scripts/check-live-page.py").path,
                    binaryURL.path, example(log),
                ] + extra)
            #expect(check.status == 0, "\(log): \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("each on screen"), "\(check.stdout)")
        }
    }
}
