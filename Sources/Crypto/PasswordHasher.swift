import Dispatch
import Synchronization
internal import CSodium

/// Argon2id password hashes through libsodium's `crypto_pwhash_str`, with at least its
/// INTERACTIVE limits. Each hash takes the memory limit (64 MiB at INTERACTIVE), so no more
/// than `concurrentHashes` run at once; further callers wait their turn.
public final class PasswordHasher: Sendable {
    public struct Limits: Sendable, Equatable {
        public var operations: Int
        public var memoryBytes: Int

        public static var interactive: Limits {
            Sodium.require()
            return Limits(operations: crypto_pwhash_opslimit_interactive(), memoryBytes: crypto_pwhash_memlimit_interactive())
        }
        public static var moderate: Limits {
            Sodium.require()
            return Limits(operations: crypto_pwhash_opslimit_moderate(), memoryBytes: crypto_pwhash_memlimit_moderate())
        }
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public let limits: Limits
    private let turns: DispatchSemaphore
    private let unmatchable = Mutex<String?>(nil)

    /// Limits below INTERACTIVE are raised to it: weaker hashes are never made.
    public convenience init(limits: Limits = .interactive, concurrentHashes: Int = 2) {
        let floor = Limits.interactive
        self.init(
            unchecked: Limits(
                operations: max(limits.operations, floor.operations), memoryBytes: max(limits.memoryBytes, floor.memoryBytes)),
            concurrentHashes: concurrentHashes)
    }

    fileprivate init(unchecked limits: Limits, concurrentHashes: Int) {
        self.limits = limits
        turns = DispatchSemaphore(value: max(1, concurrentHashes))
    }

    /// A well-formed hash, at these limits, of a random password nobody knows (made once): a
    /// sign-in with a name no account has is checked against it, so that it takes the time a
    /// wrong password takes and the time does not tell names apart.
    public func unmatchableHash() -> String {
        unmatchable.withLock { made in
            if let made { return made }
            let hash =
                (try? self.hash(SecureRandom.token()))
                ?? "$argon2id$v=19$m=65536,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            made = hash
            return hash
        }
    }

    /// The encoded hash (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`), salt included.
    public func hash(_ password: String) throws(Failure) -> String {
        turns.wait()
        defer { turns.signal() }
        var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let status = withPasswordBytes(password) { bytes, length in
            crypto_pwhash_str(&output, bytes, UInt64(length), UInt64(limits.operations), limits.memoryBytes)
        }
        guard status == 0 else { throw Failure(description: "could not hash the password (out of memory?)") }
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `password` matches `encodedHash`. A malformed hash never matches.
    public func verify(_ password: String, against encodedHash: String) -> Bool {
        turns.wait()
        defer { turns.signal() }
        return withPasswordBytes(password) { bytes, length in
            crypto_pwhash_str_verify(encodedHash, bytes, UInt64(length)) == 0
        }
    }

    /// The password's UTF-8 bytes (NUL bytes included: the length is passed, not a C string).
    private func withPasswordBytes<T>(_ password: String, _ body: (UnsafePointer<CChar>, Int) -> T) -> T {
        var bytes = password.utf8.map { CChar(bitPattern: $0) }
        let length = bytes.count
        bytes.append(0)  // never an empty buffer without an address
        defer { for index in bytes.indices { bytes[index] = 0 } }
        return bytes.withUnsafeBufferPointer { body($0.baseAddress!, length) }
    }

    /// True when the hash was made with other (older, weaker) limits and should be redone
    /// at the next successful sign-in.
    public func needsRehash(_ encodedHash: String) -> Bool {
        crypto_pwhash_str_needs_rehash(encodedHash, UInt64(limits.operations), limits.memoryBytes) != 0
    }
}

extension PasswordHasher {
    /// In a debug build's environment, `1` makes the commands hash at the least work (`leastWork()`):
    /// the browser tests set it, whose servers make and sign in to accounts hundreds of times and
    /// check nothing of what a hash costs (a hash at INTERACTIVE took them about 25 CPU-seconds a
    /// run). A release build does not read it.
    public static let leastWorkVariable = "ROADTRIP_LEAST_WORK_HASHES"

    /// The hasher RoadTrip's commands use: INTERACTIVE, or in a debug build the least work when
    /// `environment` asks for it (`leastWorkVariable`).
    public static func forCommands(environment: [String: String]) -> PasswordHasher {
        #if DEBUG
            if environment[leastWorkVariable] == "1" { return leastWork() }
        #endif
        return PasswordHasher()
    }
}

#if DEBUG
    extension PasswordHasher {
        /// Argon2id at the least work libsodium takes (one pass over 8 KiB, where INTERACTIVE takes
        /// two over 64 MiB): for the tests' fixtures, which make and sign in to hundreds of accounts
        /// and check nothing of what a hash costs. Only debug builds have it: a release build cannot
        /// make such a hash.
        public static func leastWork() -> PasswordHasher {
            Sodium.require()
            return PasswordHasher(
                unchecked: Limits(operations: crypto_pwhash_opslimit_min(), memoryBytes: crypto_pwhash_memlimit_min()), concurrentHashes: 2)
        }
    }
#endif
