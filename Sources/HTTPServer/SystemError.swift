#if canImport(Glibc)
import Glibc
#endif

/// A failed system call, with the errno it left.
public struct SystemError: Error, Sendable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Runs a system call, retrying it when a signal interrupted it, and throws its errno otherwise.
@discardableResult
func systemCall<T: SignedInteger>(_ name: String, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw SystemError(call: name, errno: code)
    }
}
