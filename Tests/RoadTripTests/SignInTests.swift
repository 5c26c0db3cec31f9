import Crypto
import Foundation
import Synchronization
import SQLDatabase
import Testing
import TestDatabases
@testable import RoadTrip

/// Signing in and the lock-out after 5 failures for a name or from an address in 15 minutes.
@Suite(.onEachEngine) struct SignInTests {
    let fixture: AccountsFixture
    let ann: Account

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        ann = try fixture.account("Ann", owner: true)
    }

    private func attempt(_ name: String = "Ann", password: String = "wrong password!", from address: String, device: String? = nil) throws
        -> SignInOutcome
    {
        try fixture.authenticator.signIn(name: name, password: password, address: address, deviceToken: device)
    }

    /// Five wrong passwords for Ann, each from its own address, so only the name's count locks.
    private func lockAnnFromElsewhere() throws {
        for index in 1...5 {
            #expect(try attempt(from: "198.51.100.\(index)").isRefused, "failure \(index)")
        }
    }

    @Test func theRightPasswordGivesASessionAndADeviceToken() throws {
        // MUT
        let outcome = try attempt(password: AccountsFixture.password, from: "192.0.2.1")

        // validate
        guard case .signedIn(let grant, let device) = outcome else {
            Issue.record("not signed in: \(outcome)")
            return
        }
        #expect(try fixture.sessions.session(token: grant.token)?.account == ann)
        #expect(device.utf8.count == 43)
        #expect(Base64URL.decode(device)?.count == 32)
        let storedDevices: [[UInt8]] = try fixture.library.database.read { db in
            try db.fetchAll("SELECT token_hash FROM known_devices") { try $0["token_hash"] }
        }
        #expect(storedDevices == [SHA256.hash(Base64URL.decode(device) ?? [])], "only the device token's hash is stored")
    }

    @Test func theNameIsFoundWhateverItsCaseAndSurroundingSpace() throws {
        // MUT + validate
        #expect(try attempt(" ann ", password: AccountsFixture.password, from: "192.0.2.1").isSignedIn)
        #expect(try attempt("ANN", password: AccountsFixture.password, from: "192.0.2.1").isSignedIn)
    }

    @Test func aWrongPasswordAndAnUnknownNameAreRefusedAlike() throws {
        // MUT
        let wrongPassword = try attempt(from: "192.0.2.1")
        let unknownName = try attempt("Nobody", password: AccountsFixture.password, from: "192.0.2.2")

        // validate
        #expect(wrongPassword.isRefused)
        #expect(unknownName.isRefused)
        #expect(try fixture.rows(in: "sessions") == 0)
        #expect(try fixture.rows(in: "sign_in_failures") == 2)
    }

    @Test func afterFiveFailuresForANameEvenTheRightPasswordWaits() throws {
        // setup
        try lockAnnFromElsewhere()

        // MUT
        let outcome = try attempt(password: AccountsFixture.password, from: "203.0.113.9")

        // validate
        let wait = try #require(outcome.wait, "\(outcome)")
        #expect(wait > 0 && wait <= 900, "\(wait)")
        #expect(try fixture.rows(in: "sessions") == 0)
    }

    @Test func theWaitCountsFromTheOldestOfTheFiveFailures() throws {
        // setup: one failure a minute.
        for index in 1...5 {
            #expect(try attempt(from: "198.51.100.\(index)").isRefused)
            fixture.clock.advance(by: .minute)
        }

        // MUT: five minutes after the first failure.
        let outcome = try attempt(password: AccountsFixture.password, from: "203.0.113.9")

        // validate
        #expect(outcome.wait == 600)
    }

    @Test func anOverlongNameIsRefusedAndCountedUnderItsFirst64Characters() throws {
        // setup
        let overlong = String(repeating: "x", count: 100_000)

        // MUT
        let byName = try attempt(overlong, password: AccountsFixture.password, from: "192.0.2.1")
        let byPassword = try attempt(password: String(repeating: "p", count: 100_000), from: "192.0.2.2")

        // validate: a failure is recorded, but never more than a name's worth of it.
        #expect(byName.isRefused)
        #expect(byPassword.isRefused)
        let names: [String] = try fixture.library.database.read { db in
            try db.fetchAll("SELECT name_key FROM sign_in_failures ORDER BY id") { try $0["name_key"] }
        }
        #expect(names.map(\.count) == [64, 3], "\(names.map(\.count))")
    }

    @Test func theLockEndsFifteenMinutesAfterTheFailures() throws {
        // setup
        try lockAnnFromElsewhere()

        // MUT
        fixture.clock.advance(by: 15 * .minute - 1)
        let justBefore = try attempt(password: AccountsFixture.password, from: "203.0.113.9")
        fixture.clock.advance(by: 1)
        let after = try attempt(password: AccountsFixture.password, from: "203.0.113.9")

        // validate
        #expect(justBefore.wait == 1)
        #expect(after.isSignedIn, "\(after)")
    }

    @Test func fiveFailuresFromOneAddressHoldThatAddressForEveryName() throws {
        // setup
        try fixture.account("Bob")
        for index in 1...5 {
            #expect(try attempt("Stranger \(index)", from: "198.51.100.7").isRefused)
        }

        // MUT
        let fromThatAddress = try attempt("Bob", password: AccountsFixture.password, from: "198.51.100.7")
        let fromElsewhere = try attempt("Bob", password: AccountsFixture.password, from: "192.0.2.1")

        // validate
        let wait = try #require(fromThatAddress.wait, "\(fromThatAddress)")
        #expect(wait > 0 && wait <= 900)
        #expect(fromElsewhere.isSignedIn, "\(fromElsewhere)")
    }

    @Test func fourFailuresDoNotLockAndASuccessForgetsOnlyThoseFromItsOwnAddress() throws {
        // setup: four failures from one address, then the right password from the same address
        for _ in 1...4 { #expect(try attempt(from: "198.51.100.1").isRefused) }

        // MUT
        let fifth = try attempt(password: AccountsFixture.password, from: "198.51.100.1")
        for _ in 1...4 { #expect(try attempt(from: "198.51.100.1").isRefused) }
        let afterFourMore = try attempt(password: AccountsFixture.password, from: "198.51.100.1")

        // validate
        #expect(fifth.isSignedIn, "\(fifth)")
        #expect(afterFourMore.isSignedIn, "the failures before the success do not count: \(afterFourMore)")
    }

    @Test func aSuccessDoesNotForgiveGuessesMadeFromElsewhere() throws {
        // setup: four guesses from four addresses, then the account's person signs in from theirs
        for index in 1...4 { #expect(try attempt(from: "198.51.100.\(index)").isRefused) }
        #expect(try attempt(password: AccountsFixture.password, from: "203.0.113.9").isSignedIn)

        // MUT: one more guess from elsewhere makes five for the name
        #expect(try attempt(from: "198.51.100.5").isRefused)
        let sixth = try attempt(from: "198.51.100.6")

        // validate
        #expect(sixth.wait != nil, "a real sign-in must not hand a guesser five fresh tries: \(sixth)")
    }

    @Test func aKnownDeviceIsNotHeldByTheAccountsLock() throws {
        // setup: Ann signed in from her laptop before; someone elsewhere then guesses.
        let laptop = try fixture.signIn("Ann", from: "192.0.2.50").device
        try lockAnnFromElsewhere()

        // MUT: (a success forgets the name's failures, so it comes last)
        let withoutDevice = try attempt(password: AccountsFixture.password, from: "192.0.2.50")
        let withForgedDevice = try attempt(password: AccountsFixture.password, from: "192.0.2.50", device: SecureRandom.token())
        let withDevice = try attempt(password: AccountsFixture.password, from: "192.0.2.50", device: laptop)

        // validate
        #expect(withDevice.isSignedIn, "\(withDevice)")
        #expect(withoutDevice.wait != nil, "\(withoutDevice)")
        #expect(withForgedDevice.wait != nil, "\(withForgedDevice)")
    }

    @Test func anotherAccountsDeviceTokenDoesNotExemptFromTheLock() throws {
        // setup
        try fixture.account("Bob")
        let bobsDevice = try fixture.signIn("Bob", from: "192.0.2.60").device
        try lockAnnFromElsewhere()

        // MUT
        let outcome = try attempt(password: AccountsFixture.password, from: "192.0.2.60", device: bobsDevice)

        // validate
        #expect(outcome.wait != nil, "\(outcome)")
    }

    @Test func aKnownDeviceIsHeldByItsOwnAddressLock() throws {
        // setup
        let laptop = try fixture.signIn("Ann", from: "192.0.2.50").device
        for index in 1...5 {
            #expect(try attempt("Stranger \(index)", from: "192.0.2.50").isRefused)
        }

        // MUT
        let outcome = try attempt(password: AccountsFixture.password, from: "192.0.2.50", device: laptop)

        // validate
        let wait = try #require(outcome.wait, "\(outcome)")
        #expect(wait > 0 && wait <= 900)
    }

    @Test func aKnownDeviceKeepsItsTokenAndANewDeviceGetsANewOne() throws {
        // setup
        let laptop = try fixture.signIn("Ann", from: "192.0.2.50").device

        // MUT
        let again = try fixture.signIn("Ann", from: "192.0.2.50", device: laptop).device
        let phone = try fixture.signIn("Ann", from: "192.0.2.51").device

        // validate
        #expect(again == laptop)
        #expect(phone != laptop)
        #expect(try fixture.rows(in: "known_devices") == 2)
    }

    /// Attempts made at the same moment must not each see "no failures yet": the count is the
    /// defence against guessing, so more than five guesses may never be checked.
    @Test func guessesMadeAtOnceAreCountedTowardsTheLock() throws {
        // setup
        let guesses = 10
        let outcomes = Mutex<[String]>([])
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<guesses {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                start.wait()
                let outcome = (try? attempt(password: "guess number \(index)", from: "198.51.100.\(index)")).map { "\($0)" } ?? "error"
                outcomes.withLock { $0.append(outcome) }
            }
        }

        // MUT
        for _ in 0..<guesses { start.signal() }
        let finished = group.wait(timeout: .now() + 120) == .success

        // validate
        #expect(finished)
        let all = outcomes.withLock { $0 }
        let checked = all.filter { $0 == "refused" }.count
        #expect(!all.contains("error"), "\(all)")
        #expect(checked <= SignInThrottle.limit, "\(checked) of \(guesses) simultaneous guesses were checked: \(all)")
    }
}
