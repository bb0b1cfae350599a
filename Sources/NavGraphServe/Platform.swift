#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What differs between Linux and macOS for `navgraph serve`: the one place this module branches on the platform.
public enum Platform {
    /// `errno` when another socket holds the port.
    static let addressInUse = EADDRINUSE
    /// `errno` when the address is none of this machine's.
    static let addressNotAvailable = EADDRNOTAVAIL

    /// The program that opens a URL in the user's browser.
    public static var urlOpener: String {
        #if canImport(Darwin)
            "open"
        #else
            "xdg-open"
        #endif
    }
}
