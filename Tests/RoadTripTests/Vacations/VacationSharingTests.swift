import Crypto
import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// Links to a vacation: tokens, expiry, passwords and the switches, on both engines.
@Suite(.onEachEngine) struct VacationSharingTests {
    let fixture: PhotosFixture
    let ann: Account
    let lisbon: Int64

    init() throws {
        fixture = try PhotosFixture(engine: .current)
        ann = try fixture.account("Ann")
        lisbon = try fixture.vacations.create(named: "Lisbon", for: ann.id)
    }

    var sharing: VacationSharing { fixture.library.sharing }

    private func opened(_ token: ShareToken, proof: String? = nil) throws -> SharedVacation? {
        if case .open(let shared) = try sharing.open(token, proof: proof) { return shared }
        return nil
    }

    /// A new link to Lisbon with the password "sardines", as it opens before its password is given.
    private func passwordLink() throws -> SharedVacation {
        let new = try sharing.makeLink(to: lisbon, for: ann.id, password: "sardines")
        guard case .needsPassword(let locked) = try sharing.open(new.token, proof: nil) else {
            throw SharingError.noSuchLink
        }
        return locked
    }

    @Test func aTokenIs144RandomBitsAndOnlyItsHashIsStored() throws {
        // MUT
        let made = try (0..<200).map { _ in try sharing.makeLink(to: lisbon, for: ann.id) }

        // validate: distinct, of the form the addresses take, and nowhere in the database as text or bytes
        #expect(Set(made.map(\.token.text)).count == 200)
        for new in made {
            #expect(new.token.text.utf8.count == 24)
            #expect(Base64URL.decode(new.token.text)?.count == 18)
        }
        let stored: [[UInt8]] = try fixture.library.database.fetchAll("SELECT token_hash FROM vacation_links") { try $0["token_hash"] }
        #expect(Set(stored) == Set(made.map { SHA256.hash(Base64URL.decode($0.token.text)!) }))
        let token = made[0].token
        let asText: Int? = try fixture.library.database.fetchValue(
            "SELECT count(*) FROM vacation_links WHERE label = \(token.text) OR password_hash = \(token.text)")
        #expect(asText == 0)
        #expect(!String(describing: token).contains(token.text), "a token never prints itself")
        // Each bit of the 144 is set in some tokens and clear in others: no fixed bits.
        let bytes = made.map { Base64URL.decode($0.token.text)! }
        for bit in 0..<144 {
            let ones = bytes.filter { $0[bit / 8] & (1 << (bit % 8)) != 0 }.count
            #expect((30...170).contains(ones), "bit \(bit) was set in \(ones) of 200 tokens")
        }
    }

    @Test func aTokenOfAnyOtherFormIsNotOne() {
        // MUT + validate
        #expect(ShareToken("abc"[...]) == nil)
        #expect(ShareToken(String(repeating: "A", count: 23)[...]) == nil)
        #expect(ShareToken(String(repeating: "A", count: 25)[...]) == nil)
        #expect(ShareToken((String(repeating: "A", count: 23) + "/")[...]) == nil)
        #expect(ShareToken((String(repeating: "A", count: 23) + "=")[...]) == nil)
        #expect(ShareToken(String(repeating: "A", count: 24)[...]) != nil)
    }

    @Test func aLinkOpensUntilTheSecondItExpiresAndAnUnknownOneIsUnknown() throws {
        // setup
        let new = try sharing.makeLink(to: lisbon, for: ann.id, expiry: .day)
        #expect(new.link.expiresAt == fixture.clock.seconds + 86_400)

        // MUT + validate
        fixture.clock.advance(by: 86_399)
        #expect(try opened(new.token)?.vacationName == "Lisbon")
        #expect(try opened(new.token)?.ownerName == "Ann")
        fixture.clock.advance(by: 1)
        guard case .ended = try sharing.open(new.token, proof: nil) else { Issue.record("open a second past its expiry"); return }
        guard case .unknown = try sharing.open(ShareToken.generate(), proof: nil) else { Issue.record("an unknown token opened"); return }
    }

    @Test func thirtyDaysIsTheDefaultAndNeverNeverEnds() throws {
        // MUT
        let month = try sharing.makeLink(to: lisbon, for: ann.id)
        let never = try sharing.makeLink(to: lisbon, for: ann.id, expiry: .never)

        // validate
        #expect(month.link.expiresAt == fixture.clock.seconds + 30 * 86_400)
        #expect(never.link.expiresAt == nil)
        fixture.clock.advance(by: 3 * 365 * 86_400)
        #expect(try opened(never.token) != nil)
        #expect(try opened(month.token) == nil)
    }

    @Test func stopSharingEndsTheLinkAtOnceAndOnlyTheOwnerCanStopIt() throws {
        // setup
        let bob = try fixture.account("Bob")
        let new = try sharing.makeLink(to: lisbon, for: ann.id)

        // MUT + validate
        #expect(throws: VacationError.noSuchVacation) { try sharing.stop(new.link.id, of: lisbon, for: bob.id) }
        #expect(try opened(new.token) != nil)
        try sharing.stop(new.link.id, of: lisbon, for: ann.id)
        guard case .ended = try sharing.open(new.token, proof: nil) else { Issue.record("a stopped link opened"); return }
        #expect(try sharing.links(of: lisbon, for: ann.id).first?.stoppedAt == fixture.clock.seconds)
        #expect(throws: SharingError.noSuchLink) { try sharing.stop(new.link.id + 100, of: lisbon, for: ann.id) }
    }

    @Test func onlyTheOwnerMakesOrListsLinks() throws {
        // setup
        let bob = try fixture.account("Bob")
        try fixture.vacations.share(lisbon, with: bob.id, as: .add, by: ann.id)
        _ = try sharing.makeLink(to: lisbon, for: ann.id)

        // MUT + validate
        #expect(throws: VacationError.noSuchVacation) { try sharing.makeLink(to: lisbon, for: bob.id) }
        #expect(try sharing.links(of: lisbon, for: bob.id).isEmpty)
        #expect(try sharing.links(of: lisbon, for: ann.id).count == 1)
    }

    @Test func aPasswordLinkOpensOnlyWithTheProofOfItsPassword() throws {
        // setup
        let new = try sharing.makeLink(to: lisbon, for: ann.id, password: "sardines")
        guard case .needsPassword(let locked) = try sharing.open(new.token, proof: nil) else {
            Issue.record("opened without the password"); return
        }

        // MUT + validate
        #expect(throws: SharingError.wrongPassword) { try sharing.unlock(locked, password: "anchovies", address: "192.0.2.1") }
        let proof = try sharing.unlock(locked, password: "sardines", address: "192.0.2.1")
        #expect(try opened(new.token, proof: proof) != nil)
        #expect(try opened(new.token, proof: proof + "x") == nil)
        #expect(try opened(new.token, proof: "") == nil)
        let hash: String? = try fixture.library.database.fetchValue("SELECT password_hash FROM vacation_links")
        #expect(hash?.hasPrefix("$argon2id$") == true)
        #expect(throws: SharingError.passwordTooShort(minimum: 6)) { try sharing.makeLink(to: lisbon, for: ann.id, password: "short") }
        #expect(throws: SharingError.passwordHasNulCharacter) { try sharing.makeLink(to: lisbon, for: ann.id, password: "sardines\0") }
        #expect(throws: SharingError.passwordTooLong(limit: 1024)) {
            try sharing.makeLink(to: lisbon, for: ann.id, password: String(repeating: "p", count: 1025))
        }
        #expect(try sharing.links(of: lisbon, for: ann.id).count == 1, "a refused link is not made")
    }

    @Test func fiveWrongGuessesFromAnAddressHoldThatAddressEvenForTheRightPassword() throws {
        // setup
        let locked = try passwordLink()
        for guess in 1...5 {
            #expect(throws: SharingError.wrongPassword) { try sharing.unlock(locked, password: "guess \(guess)", address: "192.0.2.1") }
        }

        // MUT + validate
        #expect(throws: SharingError.tooManyAttempts(waitSeconds: 900)) {
            try sharing.unlock(locked, password: "sardines", address: "192.0.2.1")
        }
        fixture.clock.advance(by: 901)
        #expect(try sharing.unlock(locked, password: "sardines", address: "192.0.2.1").isEmpty == false)
    }

    @Test func guessesFromElsewhereAtALinkDoNotKeepOutTheVisitorWithItsPassword() throws {
        // setup: five wrong guesses, each from an address of its own
        let locked = try passwordLink()
        for guess in 1...5 {
            #expect(throws: SharingError.wrongPassword) {
                try sharing.unlock(locked, password: "guess \(guess)", address: "192.0.2.\(guess)")
            }
        }

        // MUT + validate: the right password gets in; a sixth guesser is told to wait
        #expect(try sharing.unlock(locked, password: "sardines", address: "198.51.100.7").isEmpty == false)
        #expect(throws: SharingError.tooManyAttempts(waitSeconds: 900)) {
            try sharing.unlock(locked, password: "guess 6", address: "203.0.113.6")
        }
    }

    @Test func failedSignInsUnderALinksOldKeyDoNotLockTheLink() throws {
        // setup: five sign-ins as "link:<id>" (how link failures were counted before) and as the bare id
        let locked = try passwordLink()
        for name in ["link:\(locked.link.id)", "\(locked.link.id)"] {
            for attempt in 1...5 {
                let outcome = try fixture.library.authenticator.signIn(
                    name: name, password: "wrong password!", address: "192.0.2.\(attempt)", deviceToken: nil)
                guard case .refused = outcome else { Issue.record("sign-in \(attempt) as \(name): \(outcome)"); return }
            }
        }

        // MUT + validate: the link's form still checks passwords, from any of those addresses
        #expect(throws: SharingError.wrongPassword) { try sharing.unlock(locked, password: "guess", address: "198.51.100.9") }
        #expect(try sharing.unlock(locked, password: "sardines", address: "198.51.100.8").isEmpty == false)
    }

    @Test func anAddressHeldAtALinkStillSignsInAndTheOtherWayRound() throws {
        // setup: five wrong link passwords from one address, five failed sign-ins from another
        let locked = try passwordLink()
        for guess in 1...5 {
            #expect(throws: SharingError.wrongPassword) { try sharing.unlock(locked, password: "guess \(guess)", address: "192.0.2.1") }
            _ = try fixture.library.authenticator.signIn(
                name: "Nobody \(guess)", password: "wrong password!", address: "192.0.2.2", deviceToken: nil)
        }

        // MUT + validate
        let signIn = try fixture.library.authenticator.signIn(
            name: "Ann", password: AccountsFixture.password, address: "192.0.2.1", deviceToken: nil)
        guard case .signedIn = signIn else { Issue.record("Ann was held by guesses at a link: \(signIn)"); return }
        #expect(try sharing.unlock(locked, password: "sardines", address: "192.0.2.2").isEmpty == false)
        let held = try fixture.library.authenticator.signIn(
            name: "Ann", password: AccountsFixture.password, address: "192.0.2.2", deviceToken: nil)
        guard case .wait = held else { Issue.record("the sign-in lock of 192.0.2.2 was lost: \(held)"); return }
    }

    @Test func changedSwitchesAreSeenAtTheNextOpening() throws {
        // setup
        let new = try sharing.makeLink(to: lisbon, for: ann.id)
        #expect(new.link.options == ShareOptions(showWhere: true, allowOriginals: false, showDates: true))

        // MUT
        try sharing.change(new.link.id, of: lisbon, for: ann.id, to: ShareOptions(showWhere: false, allowOriginals: true, showDates: false))

        // validate
        #expect(try opened(new.token)?.link.options == ShareOptions(showWhere: false, allowOriginals: true, showDates: false))
    }

    @Test func openingsAreCounted() throws {
        // setup
        let new = try sharing.makeLink(to: lisbon, for: ann.id, label: "  For   Grandma ")
        fixture.clock.advance(by: 60)

        // MUT
        try sharing.recordOpening(of: new.link.id)
        try sharing.recordOpening(of: new.link.id)

        // validate
        let link = try #require(try sharing.links(of: lisbon, for: ann.id).first)
        #expect(link.label == "For Grandma")
        #expect(link.openCount == 2)
        #expect(link.lastOpenedAt == fixture.clock.seconds)
        #expect(throws: SharingError.labelTooLong(limit: 60)) {
            try sharing.makeLink(to: lisbon, for: ann.id, label: String(repeating: "x", count: 61))
        }
    }

    @Test func aDeletedVacationTakesItsLinksWithIt() throws {
        // setup
        let new = try sharing.makeLink(to: lisbon, for: ann.id)

        // MUT
        try fixture.vacations.delete(lisbon, for: ann.id)

        // validate
        guard case .unknown = try sharing.open(new.token, proof: nil) else { Issue.record("a deleted vacation's link still opens"); return }
        #expect(try fixture.rows(in: "vacation_links") == 0)
    }
}
