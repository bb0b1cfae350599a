/// Terminal escape sequences in a line — colour (`ESC[32m … ESC[0m`, some consoles and loggers colour every line, or
/// the timestamp), cursor and title sequences — mean nothing to any reader: `NavigationInput` hands every reader its
/// lines without them. Only a line that holds an ESC (0x1B, found with `memchr`) is copied; others are passed on as read.
enum ANSIEscapes {
    static let escape: UInt8 = 0x1B

    /// Whether `line` holds an ESC byte.
    @inline(__always)
    static func occur(in line: ByteLine) -> Bool {
        line.contains(escape)
    }

    /// `line` without its escape sequences, into `plain` (emptied first):
    /// - CSI, `ESC [` then parameter and intermediate bytes (0x20–0x3F) and a final byte (0x40–0x7E): colours, cursor;
    /// - OSC, DCS, SOS, PM and APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`) up to their terminator, BEL or `ESC \`;
    /// - any other `ESC`, its intermediate bytes (0x20–0x2F) and one final byte (`ESC ( B`, `ESC 7`).
    /// A sequence cut short by the end of the line is left out to the end.
    static func strip(_ line: ByteLine, into plain: inout [UInt8]) {
        let line = line.bytes
        plain.removeAll(keepingCapacity: true)
        var position = 0
        let count = line.count
        while position < count {
            let byte = line[position]
            guard byte == escape else {
                plain.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < count else { break }
            let kind = line[position]
            position += 1
            switch kind {
            case 0x5B:  // CSI
                while position < count, line[position] >= 0x20 && line[position] <= 0x3F { position += 1 }
                if position < count, line[position] >= 0x40 && line[position] <= 0x7E { position += 1 }
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // OSC, DCS, SOS, PM, APC: a string up to BEL or ST
                while position < count {
                    if line[position] == 0x07 {
                        position += 1
                        break
                    }
                    if line[position] == escape, position + 1 < count, line[position + 1] == 0x5C {
                        position += 2
                        break
                    }
                    position += 1
                }
            default:
                var final = kind
                while final >= 0x20 && final <= 0x2F, position < count {
                    final = line[position]
                    position += 1
                }
            }
        }
    }
}
