#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NavGraphRecorder

/// `navgraph-bench recorder FILE [EVENTS [OFF_CALLS [THREADS]]]`: NavGraphRecorder's costs, as one JSON object.
///
/// - on: EVENTS pushes recorded on one thread (or split among THREADS threads recording at once) to a file sink at
///   FILE (created afresh), timed until the last is written (`flush`); events/s counts the events written (dropped
///   ones, if the writer fell behind, are reported apart).
/// - off: the same call with recording off, OFF_CALLS times (100,000,000): nanoseconds per call, the loop included.
/// Peak memory is the process's, taken by scripts/bench with /usr/bin/time.
enum RecorderBench {
    static func run(_ arguments: [String]) {
        guard let path = arguments.first else {
            fail("usage: navgraph-bench recorder FILE [EVENTS [OFF_CALLS [THREADS]]]")
        }
        let events = arguments.count > 1 ? Int(arguments[1]) ?? 5_000_000 : 5_000_000
        let threads = max(arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1, 1)
        unlink(path)
        let clock = ContinuousClock()
        let recorder = NavigationRecorder()
        // Ids and types as an app's: made once, as an app's models hold them.
        let ids = (0..<1000).map { _ in ModelID.make() }
        let types = ["ProductListViewModel", "ProductDetailViewModel", "OrdersViewModel", "SettingsViewModel"]
        let stack = ModelID.make()

        let off = arguments.count > 2 ? Int(arguments[2]) ?? 100_000_000 : 100_000_000
        // One id and type, as a call site in an app passes its model's: what is measured is the call.
        let (id, type) = (ids[0], types[0])
        let offStart = clock.now
        for _ in 0..<off { recorder.push(id, type: type, onto: stack) }
        let offSeconds = seconds(clock.now - offStart)

        do {
            recorder.startRecording(to: try .file(atPath: path))
        } catch {
            fail("\(error)")
        }
        let onStart = clock.now
        if threads == 1 {
            for index in 0..<events { recorder.push(ids[index % 1000], type: types[index & 3], onto: stack) }
        } else {
            let done = DispatchGroup()
            for first in 0..<threads {
                done.enter()
                Thread {
                    for index in stride(from: first, to: events, by: threads) {
                        recorder.push(ids[index % 1000], type: types[index & 3], onto: stack)
                    }
                    done.leave()
                }.start()
            }
            done.wait()
        }
        recorder.flush()
        let onSeconds = seconds(clock.now - onStart)
        recorder.stopRecording()
        let dropped = recorder.droppedEventCount
        var status = stat()
        stat(path, &status)
        print("""
            {"events": \(events), "threads": \(threads), "dropped": \(dropped), "on_s": \(onSeconds), \
            "events_per_s": \(Double(events - dropped) / onSeconds), "bytes": \(status.st_size), \
            "off_calls": \(off), "off_ns_per_call": \(offSeconds / Double(off) * 1e9)}
            """)
        unlink(path)
    }
}
