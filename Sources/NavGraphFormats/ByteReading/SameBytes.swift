import Foundation

/// Whether what a reader remembered is the same bytes as what it reads now: the check behind every table of recent
/// things found by a hash (`RecentValueLines`, `PathEntries`, `NavigatorTree`, …). `memcmp`: a
/// generic comparison went byte by byte.
func sameBytes(_ stored: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    stored.count == bytes.count
        && stored.withUnsafeBufferPointer { stored in
            bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
}

func sameBytes(_ stored: [UInt8], _ other: [UInt8]) -> Bool {
    other.withUnsafeBufferPointer { sameBytes(stored, $0) }
}

/// A native string's UTF-8, read where it is (a string with no contiguous storage is never the same: it is made
/// again).
func sameBytes(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    string.utf8.withContiguousStorageIfAvailable { stored in
        stored.count == bytes.count
            && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
    } ?? false
}
