import ArgumentParser
import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphGraphviz
import NavGraphRender
import NavGraphServe

struct ServeCommand: ParsableCommand {
    /// The port `serve` listens on unless told otherwise (documented: a bookmark keeps working).
    static let defaultPort: UInt16 = 7447

    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show the navigation live in a browser: the replay page, following the log as it grows.",
        discussion: """
            Reads the log as tree --follow does (stdin until it ends, or a file as it grows, like tail -F) and \
            serves one page at http://127.0.0.1:\(defaultPort)/ that shows each new step as it arrives. Step back \
            and the page says how many steps came since; End returns to following. GET /state is the latest \
            state as tree --format json writes it (/state?step=N an earlier one); /events is the page's event \
            stream.

            It listens on 127.0.0.1 only, and answers only requests that name this machine (Host: localhost or \
            127.0.0.1); --host ADDRESS listens there instead, for other machines to see it. When the input ends \
            the final state is served until Ctrl-C; an input that ends with no navigation output in it is an \
            error, as for tree (exit status 2).

            Examples:
              xcrun simctl launch --console-pty booted com.example.app \\
                | navgraph serve --open
              navgraph serve ui-test.log --port 0
              curl -s http://127.0.0.1:\(defaultPort)/state

            \(ExitStatus.help([(.success, nil), (.cannotListen, nil), (.badInput, nil), (.usage, nil)])) \
            Ctrl-C ends it with 130.
            """)

    @OptionGroup var input: InputOptions

    @Option(
        help: ArgumentHelp(
            "The port to listen on; 0 picks a free one (the URL on stderr says which).", valueName: "port"))
    var port: Int = Int(defaultPort)

    @Option(
        help: ArgumentHelp(
            "Listen on this IP address instead of 127.0.0.1 (0.0.0.0: every network): other machines can then "
                + "see the log's navigation.",
            valueName: "address"))
    var host: String?

    @Flag(help: "Open the page in the browser (open on macOS, xdg-open elsewhere).")
    var open = false

    @Option(
        help: ArgumentHelp("The page's theme: light, dark, or your HTML theme's path.", valueName: "name|path"))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "Keep at least this many of the latest steps for the page and /state?step=N (fewer than four times "
                + "as many are held, or than this many plus four per model in the state); the state after the "
                + "older ones stays.",
            valueName: "count"))
    var keepSteps: Int = LiveHub.defaultKeptSteps

    func validate() throws {
        try requireCount("--keep-steps", keepSteps, atLeast: 1)
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port): a port is 0 (a free one) to 65535")
        }
        if let host, host.isEmpty { throw ValidationError("--host needs an IP address, such as 0.0.0.0") }
    }

    func run() throws {
        let templates = try ThemeArgument(value: theme ?? BuiltInThemes.defaultName).htmlTemplate()
        Platform.unblockInteractiveSignals()
        let reading = input.reading
        let diagnostics = reading.makeDiagnostics()
        diagnostics.keepsReported = true
        let reader = try reading.makeInput()
        // No advice until the format is known: the detected format's, as `leaks` and `replay --html` give it.
        let hub = LiveHub(lifecycleAdvice: input.inputFormat?.lifecycleAdvice, keptSteps: keepSteps)
        let page = LivePage(
            title: input.displayName,
            theme: LivePage.Theme(
                html: templates.html.text, htmlName: templates.html.name, dot: templates.dot?.text,
                dotName: templates.dot?.name),
            engine: GraphvizLayout())
        let address = LiveServer.Address(host: listenHost, port: UInt16(port))
        let listening: UInt16
        do {
            listening = try LiveServer(address: address, hub: hub, page: page).start()
        } catch {
            throw CommandFailure(.cannotListen, message: words(for: error))
        }
        let url = "http://\(urlHost):\(listening)/"
        StandardError.write("navgraph: serving the live view at \(url) (Ctrl-C stops)")
        if !address.isLoopback {
            StandardError.write(
                "navgraph: listening on \(listenHost) (--host): whoever can reach this machine on port \(listening) "
                    + "can see the log's navigation")
        }
        if open { openInBrowser(url) }
        stopOnInterrupt()

        // A dump still being printed when the input goes quiet is shown provisionally, as tree --follow shows it.
        func paused(_ pause: NavigationInput.Pause) {
            if pause.isQuiet { hub.setProvisional(pause.provisionalEvents) }
        }
        // Said as tree --follow says it; what was shown stays while the file is away.
        var removed = false
        func restarted(_ why: LineSource.Restart) {
            if why == .removed {
                StandardError.write("navgraph: \(input.displayName) was removed; waiting for it to come back")
                removed = true
                return
            }
            let what = removed ? "is back" : why == .truncated ? "was truncated" : "was replaced"
            StandardError.write("navgraph: \(input.displayName) \(what); reading it from the start")
            removed = false
            hub.restart()
        }
        // Leaks that cannot be told are said with the advice of the format detected, as soon as it is.
        func detected(_ format: InputFormat) { hub.setLifecycleAdvice(format.lifecycleAdvice) }
        let summary = try reader.read(
            diagnostics: diagnostics, follow: input.file != nil && input.file != "-", onIdle: paused,
            onRestart: restarted, onFormat: detected
        ) { event in
            let change = hub.append(event)
            for warning in change.warnings { diagnostics.report(warning) }
            // Most steps have none: nothing to sort out.
            guard diagnostics.hasReported else { return true }
            let warnings = StepWarnings.reader(diagnostics.takeReported(), change: change, of: event)
            if !warnings.isEmpty { hub.setReaderWarnings(warnings) }
            return true
        }
        try diagnostics.finish()
        hub.end(lifecycleAdvice: summary.format?.lifecycleAdvice)
        reading.noteRemark(on: hub.snapshot().timeline.latest, format: summary.format, diagnostics: diagnostics)
        StandardError.write("navgraph: the input ended; serving its final state at \(url) until Ctrl-C")
        // The server answers on threads of its own; this one only waits for Ctrl-C.
        while true { pause() }
    }

    /// Where the server listens: 127.0.0.1 unless --host names another address (`localhost` is the loopback).
    private var listenHost: String {
        guard let host, host != "localhost" else { return LiveServer.Address.loopback }
        // A bracketed IPv6 address, as a URL writes it.
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The host as a URL names it: the loopback address when listening everywhere (a browser cannot open 0.0.0.0
    /// everywhere), an IPv6 address in brackets.
    private var urlHost: String {
        let host = listenHost
        if host == "0.0.0.0" || host == "::" { return LiveServer.Address.loopback }
        return host.contains(":") ? "[\(host)]" : host
    }

    private func words(for error: LiveServer.Failure) -> String {
        switch error {
        case .portInUse(let port):
            "navgraph: error: port \(port) is in use (another navgraph serve?); --port 0 picks a free port, or give "
                + "another with --port N"
        case .unusableAddress(let host):
            "navgraph: error: --host \(host): not an IP address of this machine (0.0.0.0 listens on every network)"
        case .cannotListen(let host, let port, let reason):
            "navgraph: error: cannot listen on \(host) port \(port): \(reason)"
        }
    }

    /// `open`/`xdg-open` the page; one that is missing or fails is said, and the server goes on.
    private func openInBrowser(_ url: String) {
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = [Platform.urlOpener, url]
        opener.standardInput = FileHandle.nullDevice
        opener.standardOutput = FileHandle.nullDevice
        do {
            try opener.run()
        } catch {
            StandardError.write("navgraph: could not run \(Platform.urlOpener) to open \(url); open it by hand")
        }
    }

    /// Ctrl-C (SIGINT; SIGTERM, SIGHUP) ends the server as it would end `tree --follow`: 128 + the signal.
    private func stopOnInterrupt() {
        let interrupts = [Platform.Signal.interrupt, Platform.Signal.terminate, Platform.Signal.hangUp]
        SignalPipe.open(interrupts: interrupts) { signal in Platform.exitAtOnce(128 + signal) }
        Thread {
            while let signal = SignalPipe.next() {
                guard signal != Platform.Signal.resize else { continue }
                // The diagnostics said so far are on stderr already; nothing else is left to write.
                Platform.exitAtOnce(128 + signal)
            }
        }.start()
    }
}
