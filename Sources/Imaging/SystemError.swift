#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's words for an errno value, and the retry that every blocking call needs.
enum SystemError {
    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Runs a system call again while a signal interrupts it (EINTR); returns its result.
    static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }
}
