import Foundation

/// The Swift runtime's demangler, exported by libswiftCore on every platform (Linux and Apple): the demangled text in
/// a buffer allocated with `malloc` (the caller frees it), `nil` when it cannot allocate or the text is no Swift
/// symbol.
@_silgen_name("swift_demangle")
private func runtimeDemangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

/// The one C call of the readers (`SwiftTypeName` asks it), kept here with the other code that handles pointers.
enum RuntimeDemangler {
    /// What the runtime makes of `symbol` (`$s7Recipes5RouteO`); `nil` when it makes nothing of it.
    static func demangle(_ symbol: String) -> String? {
        symbol.withCString { pointer in
            guard let result = runtimeDemangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }
}
