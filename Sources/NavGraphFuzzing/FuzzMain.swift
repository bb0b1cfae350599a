import Foundation
import NavGraphFormats

#if FUZZING
    /// libFuzzer's entry when linked without its own main (libclang_rt.fuzzer_no_main).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The format the running fuzz target feeds (a C callback cannot capture it).
    nonisolated(unsafe) private var fuzzedFormat = InputFormat.swiftUINavigation
#endif

/// What a fuzz target's `main` does. Built with `-DFUZZING` (scripts/fuzz): hand control to libFuzzer, every input
/// through `FuzzHarness`. In a normal build: a replayer that runs the files on its command line through the same
/// harness — how the regression tests replay every crash input the fuzzers found.
public enum FuzzMain {
    public static func run(format: InputFormat) -> Never {
        #if FUZZING
            fuzzedFormat = format
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzerDriver(&argc, &argv) { data, count in
                    FuzzHarness.run(UnsafeRawBufferPointer(start: data, count: count), format: fuzzedFormat)
                    return 0
                })
        #else
            for path in CommandLine.arguments.dropFirst() {
                guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(2)
                }
                bytes.withUnsafeBytes { FuzzHarness.run($0, format: format) }
                print("ok \(path)")
            }
            exit(0)
        #endif
    }
}
