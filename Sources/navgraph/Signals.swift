#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C signal handler: no captures, and only async-signal-safe calls inside.
typealias SignalHandler = @convention(c) (Int32) -> Void

/// Installs `handler` for `signal` (`nil`: the default action). The one place `signal` is called, so the platform's
/// module is named once: Glibc on Linux, Darwin on macOS.
func setSignalHandler(_ signal: Int32, _ handler: SignalHandler?) {
    #if canImport(Glibc)
        _ = Glibc.signal(signal, handler ?? SIG_DFL)
    #else
        _ = Darwin.signal(signal, handler ?? SIG_DFL)
    #endif
}

/// Long-running commands must be stoppable and must notice resizes whatever signal mask their parent handed down
/// (a thread of a test runner, a tmux server started by one, may block nearly everything).
func unblockInteractiveSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
}
