import Foundation
import NavGraphRecorder

// A child process for ConsoleCaptureTests: it starts the console capture from NAVGRAPH_LOG and prints through every
// path an app's output takes — Swift's `print`, `FileHandle`, C's `printf` and `fputs` — from several threads at
// once, each line naming its stream, thread and number, so the test can tell that nothing was lost or reordered.
//
//   console-capture-probe threads OUT_THREADS ERR_THREADS LINES
//       LINES lines from each thread: `out tN I METHOD` on stdout, `err eN I METHOD` on stderr; then `out main last`
//       and `out main tail without end of line` (no `\n`), and the probe returns from main: the capture's atexit
//       handler has to write the rest.
//   console-capture-probe flush-stop LINES
//       LINES lines, flush(), the file must hold them all (exit 3 if not), stop(), then `out after stop`, which must
//       reach stdout only.
/// A thread's lines: on stdout through each method in turn, or on stderr.
struct Writer: Sendable {
    var toStandardError: Bool
    var thread: Int

    func write(_ index: Int) {
        if toStandardError {
            if index.isMultiple(of: 2) {
                fputsLine("err e\(thread) \(index) fputs\n", toStandardError: true)
            } else {
                try? FileHandle.standardError.write(contentsOf: Data("err e\(thread) \(index) filehandle\n".utf8))
            }
            return
        }
        switch index % 4 {
        case 0: print("out t\(thread) \(index) print")
        case 1: try? FileHandle.standardOutput.write(contentsOf: Data("out t\(thread) \(index) filehandle\n".utf8))
        case 2: printfLine(thread: thread, index: index)
        default: fputsLine("out t\(thread) \(index) fputs\n")
        }
    }
}

func runThreads(outThreads: Int, errThreads: Int, lines: Int) {
    let group = DispatchGroup()
    let writers =
        (0..<outThreads).map { Writer(toStandardError: false, thread: $0) }
        + (0..<errThreads).map { Writer(toStandardError: true, thread: $0) }
    for writer in writers {
        group.enter()
        Thread {
            for index in 0..<lines { writer.write(index) }
            group.leave()
        }.start()
    }
    group.wait()
    print("out main last")
    fputsLine("out main tail without end of line")
}

func runFlushStop(lines: Int) {
    guard let capture = ConsoleCapture.current else { fail("no capture running") }
    for index in 0..<lines { Writer(toStandardError: false, thread: 0).write(index) }
    capture.flush()
    let copied = (try? String(contentsOfFile: capture.path, encoding: .utf8)) ?? ""
    let count = copied.split(separator: "\n").count
    capture.stop()
    guard count == lines else { fail("after flush() the file held \(count) of \(lines) lines") }
    guard !capture.isRunning, ConsoleCapture.current == nil else { fail("stop() left the capture running") }
    print("out after stop")
}

func fail(_ message: String) -> Never {
    fputsLine("console-capture-probe: \(message)\n", toStandardError: true)
    exit(3)
}

ConsoleCapture.startFromEnvironment()
let arguments = CommandLine.arguments.dropFirst().map { $0 }
switch (arguments.first, arguments.dropFirst().compactMap { Int($0) }) {
case ("threads", let counts) where counts.count == 3:
    runThreads(outThreads: counts[0], errThreads: counts[1], lines: counts[2])
case ("flush-stop", let counts) where counts.count == 1:
    runFlushStop(lines: counts[0])
default:
    fail("usage: console-capture-probe threads OUT_THREADS ERR_THREADS LINES | flush-stop LINES")
}
