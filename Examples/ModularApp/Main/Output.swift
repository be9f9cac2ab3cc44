#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to `path` and says so (the example needs nothing beyond the toolchain).
func write(_ text: String, to path: String, what: String) {
    guard let file = fopen(path, "w") else {
        print("cannot write \(path)")
        return
    }
    fputs(text, file)
    fclose(file)
    print("wrote      \(what) to \(path)")
}
