// C's `stdout` and `stderr` are global `var`s to Swift: imported here without Foundation (which re-exports the C
// library without `@preconcurrency`), they can be used from the probe's threads; the FILEs lock themselves.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// C's `printf` (through `vprintf`, as Swift cannot call a variadic C function): `out tTHREAD INDEX printf`.
func printfLine(thread: Int, index: Int) {
    _ = withVaList([Int32(thread), Int32(index)]) { vprintf("out t%d %d printf\n", $0) }
}

/// C's `fputs` to `stdout` (`toStandardError`: to `stderr`).
func fputsLine(_ line: String, toStandardError: Bool = false) {
    fputs(line, toStandardError ? stderr : stdout)
}
