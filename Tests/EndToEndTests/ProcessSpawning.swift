import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// posix_spawn's handles are structs on Glibc and opaque pointers on Darwin, and Darwin declares no `environ`: the
// differences in one place, so the tests that spawn (tmux) build on both.

#if canImport(Darwin)
    func newSpawnFileActions() -> posix_spawn_file_actions_t? { nil }
    func newSpawnAttributes() -> posix_spawnattr_t? { nil }
    /// The process's environment, for posix_spawn.
    var spawnEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#else
    func newSpawnFileActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
    func newSpawnAttributes() -> posix_spawnattr_t { posix_spawnattr_t() }
    /// The process's environment, for posix_spawn.
    var spawnEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
#endif
