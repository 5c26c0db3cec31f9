import Crypto
import Testing

/// Argon2id through libsodium. Every hash here costs 64 MiB and tens of milliseconds, so each
/// test makes as few as it needs.
@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher()

    @Test func aHashIsAnEncodedArgon2idStringWithTheHashersLimits() throws {
        // MUT
        let encoded = try hasher.hash("correct horse battery")

        // validate
        #expect(encoded.hasPrefix("$argon2id$v=19$"), "\(encoded)")
        #expect(encoded.contains("m=\(hasher.limits.memoryBytes / 1024),t=\(hasher.limits.operations),"), "\(encoded)")
        #expect(!encoded.contains("correct horse"))
    }

    @Test func theRightPasswordVerifiesAndAWrongOneDoesNot() throws {
        // setup
        let encoded = try hasher.hash("correct horse battery")

        // MUT + validate
        #expect(hasher.verify("correct horse battery", against: encoded))
        #expect(!hasher.verify("correct horse batterY", against: encoded))
        #expect(!hasher.verify("correct horse battery ", against: encoded))
        #expect(!hasher.verify("", against: encoded))
    }

    @Test func twoHashesOfOnePasswordDifferBecauseEachHasItsOwnSalt() throws {
        // MUT
        let first = try hasher.hash("correct horse battery")
        let second = try hasher.hash("correct horse battery")

        // validate
        #expect(first != second)
        #expect(hasher.verify("correct horse battery", against: first))
        #expect(hasher.verify("correct horse battery", against: second))
    }

    @Test func limitsBelowInteractiveAreRaisedToInteractive() throws {
        // setup
        var weak = PasswordHasher.Limits.interactive
        weak.operations = 1
        weak.memoryBytes = 8 * 1024

        // MUT
        let raised = PasswordHasher(limits: weak)
        let encoded = try raised.hash("correct horse battery")

        // validate
        #expect(raised.limits == .interactive)
        let interactive = PasswordHasher.Limits.interactive
        #expect(encoded.contains("m=\(interactive.memoryBytes / 1024),t=\(interactive.operations),"), "\(encoded)")
    }

    @Test func limitsAboveInteractiveAreKept() {
        // MUT
        let strong = PasswordHasher(limits: .moderate)

        // validate: no hash is made, a MODERATE one takes 256 MiB.
        #expect(strong.limits == .moderate)
        #expect(strong.limits.memoryBytes > PasswordHasher.Limits.interactive.memoryBytes)
    }

    @Test func aHashMadeWithTheHashersOwnLimitsNeedsNoRehash() throws {
        // setup
        let encoded = try hasher.hash("correct horse battery")

        // MUT + validate
        #expect(!hasher.needsRehash(encoded))
    }

    @Test func aHashMadeWithOtherLimitsNeedsRehashBothWays() throws {
        // setup: an INTERACTIVE hash, and the same string with MODERATE's parameters written in
        // (needs_rehash reads only the parameters, so no 256 MiB hash has to be made).
        let interactive = PasswordHasher.Limits.interactive, moderate = PasswordHasher.Limits.moderate
        let interactiveHash = try hasher.hash("correct horse battery")
        let moderateHash = interactiveHash.replacingOccurrences(
            of: "m=\(interactive.memoryBytes / 1024),t=\(interactive.operations),",
            with: "m=\(moderate.memoryBytes / 1024),t=\(moderate.operations),"
        )
        try #require(moderateHash != interactiveHash)

        // MUT + validate
        #expect(hasher.needsRehash(moderateHash), "a MODERATE hash checked by an INTERACTIVE hasher")
        #expect(PasswordHasher(limits: .moderate).needsRehash(interactiveHash), "an INTERACTIVE hash checked by a MODERATE hasher")
        #expect(!PasswordHasher(limits: .moderate).needsRehash(moderateHash))
    }

    @Test(arguments: ["", "garbage", "$argon2id$", "$argon2i$v=19$m=65536,t=2,p=1$AAAA$AAAA", "$2y$10$abcdefghijklmnopqrstuv"])
    func aMalformedHashNeverMatchesAndAlwaysNeedsRehash(encoded: String) {
        // MUT + validate
        #expect(!hasher.verify("correct horse battery", against: encoded))
        #expect(!hasher.verify("", against: encoded))
        #expect(hasher.needsRehash(encoded))
    }

    @Test func aPasswordWithANulByteIsHashedWhole() throws {
        // setup: were the password passed as a C string, all three would be "correct".
        let encoded = try hasher.hash("correct\0horse battery")

        // MUT + validate
        #expect(hasher.verify("correct\0horse battery", against: encoded))
        #expect(!hasher.verify("correct\0staple battery", against: encoded))
        #expect(!hasher.verify("correct", against: encoded))
    }

    @Test func anEmptyPasswordAndAVeryLongOneCanBeHashed() throws {
        // setup
        let long = String(repeating: "ü", count: 100_000)

        // MUT
        let empty = try hasher.hash("")
        let longHash = try hasher.hash(long)

        // validate
        #expect(hasher.verify("", against: empty))
        #expect(!hasher.verify(" ", against: empty))
        #expect(hasher.verify(long, against: longHash))
        #expect(!hasher.verify(String(long.dropLast()), against: longHash))
    }

    @Test func aUnicodePasswordVerifiesOnlyWithTheSameCharacters() throws {
        // setup
        let encoded = try hasher.hash("caf\u{E9} au lait!")

        // MUT + validate
        #expect(hasher.verify("caf\u{E9} au lait!", against: encoded))
        #expect(!hasher.verify("cafe au lait!", against: encoded))
    }

    @Test func theUnmatchableHashIsMadeOnceAtTheHashersLimitsAndMatchesNoGuess() throws {
        // MUT
        let first = hasher.unmatchableHash()
        let again = hasher.unmatchableHash()

        // validate
        #expect(first == again, "made once")
        #expect(
            first.contains("m=\(hasher.limits.memoryBytes / 1024),t=\(hasher.limits.operations),"),
            "as costly to check as an account's: \(first)")
        #expect(!hasher.needsRehash(first))
        for guess in ["", "correct horse battery", "password"] { #expect(!hasher.verify(guess, against: first)) }
        #expect(PasswordHasher().unmatchableHash() != first, "each hasher's own random password")
    }

    @Test func theTestsLeastWorkHashesAreArgon2idAtTheMinimumAndVerify() throws {
        // setup
        let cheap = PasswordHasher.leastWork()

        // MUT
        let encoded = try cheap.hash("correct horse battery")

        // validate: below INTERACTIVE, which `init(limits:)` never goes
        #expect(encoded.hasPrefix("$argon2id$v=19$m=8,t=1,"), "\(encoded)")
        #expect(cheap.limits.memoryBytes < PasswordHasher.Limits.interactive.memoryBytes)
        #expect(PasswordHasher(limits: cheap.limits).limits == .interactive)
        #expect(cheap.verify("correct horse battery", against: encoded))
        #expect(!cheap.verify("correct horse batterY", against: encoded))
        #expect(hasher.needsRehash(encoded), "a library at INTERACTIVE would make it again at the next sign-in")
    }

    @Test func theCommandsHashAtInteractiveUnlessADebugBuildsEnvironmentAsksForTheLeastWork() {
        let variable = PasswordHasher.leastWorkVariable
        #expect(PasswordHasher.forCommands(environment: [:]).limits == .interactive)
        #expect(PasswordHasher.forCommands(environment: [variable: "0"]).limits == .interactive)
        #expect(PasswordHasher.forCommands(environment: [variable: "yes"]).limits == .interactive, "only 1 asks")
        #expect(PasswordHasher.forCommands(environment: [variable: "1"]).limits == PasswordHasher.leastWork().limits)
    }
}
