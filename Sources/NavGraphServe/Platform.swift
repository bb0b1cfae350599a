#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `navgraph serve` needs of the C library (Glibc on Linux, Darwin on macOS): the one file of this module that
/// imports it. The names are POSIX, the same on both systems.
enum Platform {
    /// `errno` when another socket holds the port.
    static let addressInUse = EADDRINUSE
    /// `errno` when the address is none of this machine's.
    static let addressNotAvailable = EADDRNOTAVAIL
}
