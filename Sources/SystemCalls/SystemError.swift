#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: its name and the errno it left.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The C library's words for the errno ("No space left on device").
    public var message: String { Self.message(errno) }

    public var description: String { "\(call): \(message)" }

    public static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Runs a system call, again while a signal interrupts it (EINTR), and throws the errno of
/// any other failure. Every call the project makes that can block or be interrupted goes
/// through here, so no caller retries by hand. Not for `close`: see `FileDescriptor.close`.
@discardableResult
public func systemCall<T: SignedInteger>(_ name: String, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemError(call: name, errno: code)
    }
}
