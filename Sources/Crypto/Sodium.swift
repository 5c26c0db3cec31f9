internal import CSodium

/// libsodium must be initialised once before use; `sodium_init` is idempotent and thread-safe.
enum Sodium {
    static let ready: Bool = sodium_init() >= 0

    static func require() {
        precondition(ready, "libsodium could not be initialised")
    }
}
