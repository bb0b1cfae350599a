import Foundation
import NavGraphRecorder

/// `navgraph-bench recorder FILE [EVENTS [OFF_CALLS [THREADS [RATE [BUFFER]]]]]`: NavGraphRecorder's costs, as one
/// JSON object.
///
/// - on: EVENTS pushes recorded on one thread (or split among THREADS threads recording at once) to a file sink at
///   FILE (created afresh) with a buffer of BUFFER bytes (the default, 1 MiB), as fast as they go or, given a RATE,
///   at RATE events a second; timed until the last is written (`flush`); events/s counts the events written
///   (dropped ones, when the writer fell behind, are reported apart).
/// - off: the same call with recording off, OFF_CALLS times (100,000,000): nanoseconds per call, the loop included.
/// Peak memory is the process's, taken by scripts/bench with /usr/bin/time.
enum RecorderBench {
    static func run(_ arguments: [String]) {
        guard let path = arguments.first else {
            fail("usage: navgraph-bench recorder FILE [EVENTS [OFF_CALLS [THREADS [RATE [BUFFER]]]]]")
        }
        let events = arguments.count > 1 ? Int(arguments[1]) ?? 5_000_000 : 5_000_000
        let threads = max(arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1, 1)
        let rate = arguments.count > 4 ? Double(arguments[4]) ?? 0 : 0
        let buffer =
            arguments.count > 5
            ? Int(arguments[5]) ?? NavigationRecorder.defaultBufferCapacity
            : NavigationRecorder.defaultBufferCapacity
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
            recorder.startRecording(to: try .file(atPath: path), bufferCapacity: buffer)
        } catch {
            fail("\(error)")
        }
        let onStart = clock.now
        // This thread's share of the events: every `threads`-th from `first`. At RATE events/s in all, when given:
        // the clock is looked at every 1,000 events, and the thread sleeps while it is ahead.
        let recordShare: @Sendable (Int) -> Void = { first in
            var sent = 0
            for index in stride(from: first, to: events, by: threads) {
                recorder.push(ids[index % 1000], type: types[index & 3], onto: stack)
                sent += 1
                guard rate > 0, sent % 1000 == 0 else { continue }
                let ahead = seconds(onStart + .seconds(Double(sent * threads) / rate) - clock.now)
                if ahead > 0 { usleep(UInt32(ahead * 1e6)) }
            }
        }
        if threads == 1 {
            recordShare(0)
        } else {
            let done = DispatchGroup()
            for first in 0..<threads {
                done.enter()
                Thread {
                    recordShare(first)
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
        print(
            """
            {"events": \(events), "threads": \(threads), "rate": \(rate), "buffer": \(buffer), \
            "dropped": \(dropped), "on_s": \(onSeconds), \
            "events_per_s": \(Double(events - dropped) / onSeconds), "bytes": \(status.st_size), \
            "off_calls": \(off), "off_ns_per_call": \(offSeconds / Double(off) * 1e9)}
            """)
        unlink(path)
    }
}
