import Foundation
import NavGraphFormats
import NavGraphFuzzing

// libFuzzer target for the navgraph-events reader: `scripts/fuzz navgraph-events SECONDS` builds it with -DFUZZING and runs it.
// Without FUZZING (the normal build) it is a replayer: it runs the files it is given through the same harness,
// which is how the regression tests replay every crash input the fuzzer found.

#if FUZZING
/// libFuzzer's entry when linked without its own main (libclang_rt.fuzzer_no_main).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, count in
            FuzzHarness.run(UnsafeRawBufferPointer(start: data, count: count), format: .events)
            return 0
        })
    }
}
#else
@main
enum Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes.withUnsafeBytes { FuzzHarness.run($0, format: .events) }
            print("ok \(path)")
        }
    }
}
#endif
