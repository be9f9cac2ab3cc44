#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes lines to the process's standard error: the default sink of DILogging's loggers,
/// and where `checkIsValid()` writes its findings when nothing observes the container.
package enum StandardError {
    /// Writes `line` and a newline with one `write(2)`, so lines from several threads do
    /// not interleave mid-line. (The C `stderr` global is not concurrency-safe in Swift 6.)
    package static func write(_ line: String) {
        var text = line
        text.append("\n")
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = writeFrom(bytes, offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func writeFrom(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        #if canImport(Darwin)
        return Darwin.write(2, base + offset, bytes.count - offset)
        #elseif canImport(Glibc)
        return Glibc.write(2, base + offset, bytes.count - offset)
        #else
        return Musl.write(2, base + offset, bytes.count - offset)
        #endif
    }
}
