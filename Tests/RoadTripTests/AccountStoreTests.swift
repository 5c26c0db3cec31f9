import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

@Suite(.onEachEngine) struct AccountStoreTests {
    let fixture: AccountsFixture

    init() throws {
        fixture = try AccountsFixture(engine: .current)
    }

    // MARK: creating

    @Test func creatingStoresTheTrimmedNameTheOwnerFlagAndTheTimeButNotThePassword() throws {
        // MUT
        let ann = try fixture.accounts.create(
            name: "  Ann ", password: AccountsFixture.password, repeated: AccountsFixture.password, isOwner: true)

        // validate
        #expect(ann.name == "Ann")
        #expect(ann.isOwner)
        #expect(ann.createdAt == fixture.clock.now)
        #expect(try fixture.accounts.all() == [ann])
        #expect(try fixture.accounts.account(named: "Ann") == ann)
        #expect(try fixture.accounts.account(id: ann.id) == ann)
        let stored = try #require(try fixture.storedHash(of: ann))
        #expect(stored.hasPrefix("$argon2id$"))
        #expect(!stored.contains(AccountsFixture.password))
        #expect(fixture.library.hasher.verify(AccountsFixture.password, against: stored))
    }

    @Test func aBadNameOrPasswordIsRefusedAndNothingIsStored() throws {
        // MUT + validate
        #expect(throws: AccountError.nameEmpty) {
            try fixture.accounts.create(name: " ", password: AccountsFixture.password, repeated: AccountsFixture.password)
        }
        #expect(throws: AccountError.nameHasDirectionOverrides) {
            try fixture.accounts.create(name: "Ann\u{202E}", password: AccountsFixture.password, repeated: AccountsFixture.password)
        }
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) {
            try fixture.accounts.create(name: "Ann", password: "short", repeated: "short")
        }
        #expect(throws: AccountError.passwordsDiffer) {
            try fixture.accounts.create(name: "Ann", password: AccountsFixture.password, repeated: "something else")
        }
        #expect(try fixture.rows(in: "accounts") == 0)
        #expect(try fixture.accounts.isEmpty())
    }

    @Test(arguments: ["Ann", "ann", "ANN", "  aNN  "])
    func aNameTakenIgnoringCaseIsRefused(second: String) throws {
        // setup
        try fixture.account("Ann", owner: true)

        // MUT
        let error = #expect(throws: AccountError.self) {
            try fixture.accounts.create(name: second, password: AccountsFixture.password, repeated: AccountsFixture.password)
        }

        // validate: the message names the account that exists
        #expect(error == .nameTaken("Ann"))
        #expect(try fixture.accounts.all().map(\.name) == ["Ann"])
    }

    /// Two accounts whose names look the same are a trap: the owner resets the wrong one, a
    /// person signs in to the other. Case is ignored for every letter, not only A to Z, and
    /// a name is the same whichever Unicode form the keyboard produced.
    @Test(arguments: [("Åsa", "åsa"), ("Zoë", "ZOË"), ("Jos\u{E9}", "Jose\u{301}"), ("Ольга", "ольга")])
    func aNameThatLooksTheSameInAnotherCaseOrUnicodeFormIsTaken(first: String, second: String) throws {
        // setup
        try fixture.account(first, owner: true)

        // MUT + validate
        #expect(throws: AccountError.self) {
            try fixture.accounts.create(name: second, password: AccountsFixture.password, repeated: AccountsFixture.password)
        }
        #expect(try fixture.rows(in: "accounts") == 1)
    }

    // MARK: removing

    @Test func theOwnerRemovesAnotherAccountWithItsSessionsAndDevices() throws {
        // setup
        let owner = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        let bobs = try fixture.signIn("Bob")
        _ = try fixture.sessions.start(for: bob)
        let annsSession = try fixture.sessions.start(for: owner)
        try #require(try fixture.sessionRows(of: bob) == 2)

        // MUT
        try fixture.accounts.remove(bob.id, by: owner)

        // validate
        #expect(try fixture.accounts.all().map(\.name) == ["Ann"])
        #expect(try fixture.sessionRows(of: bob) == 0, "the sessions go with the account")
        #expect(try fixture.sessions.session(token: bobs.grant.token) == nil)
        #expect(
            try fixture.library.database.read { db in
                try db.fetchValue("SELECT count(*) FROM known_devices WHERE account_id = \(bob.id.rawValue)") as Int?
            } == 0)
        #expect(try fixture.sessions.session(token: annsSession.token) != nil, "other accounts keep theirs")
    }

    @Test func nobodyRemovesTheirOwnAccount() throws {
        // setup
        let owner = try fixture.account("Ann", owner: true)
        let second = try fixture.account("Bob", owner: true)

        // MUT + validate
        #expect(throws: AccountError.cannotRemoveYourself) { try fixture.accounts.remove(owner.id, by: owner) }
        #expect(throws: AccountError.cannotRemoveYourself) { try fixture.accounts.remove(second.id, by: second) }
        #expect(try fixture.rows(in: "accounts") == 2)
    }

    @Test func aMemberRemovesNobody() throws {
        // setup
        let owner = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        let carol = try fixture.account("Carol")

        // MUT + validate
        #expect(throws: AccountError.self) { try fixture.accounts.remove(carol.id, by: bob) }
        #expect(throws: AccountError.self) { try fixture.accounts.remove(owner.id, by: bob) }
        #expect(try fixture.accounts.all().map(\.name) == ["Ann", "Bob", "Carol"])
    }

    @Test func anOwnerMayRemoveAnotherOwnerButTheLastOwnerStays() throws {
        // setup
        let ann = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob", owner: true)

        // MUT
        try fixture.accounts.remove(bob.id, by: ann)
        let lastFromShell = #expect(throws: AccountError.self) { try fixture.accounts.removeFromShell(ann.id) }

        // validate
        #expect(lastFromShell == .lastOwner)
        #expect(try fixture.accounts.all().map(\.name) == ["Ann"])
    }

    @Test func removingAnAccountThatDoesNotExistSaysSo() throws {
        // setup
        let owner = try fixture.account("Ann", owner: true)

        // MUT + validate
        #expect(throws: AccountError.noSuchAccount) { try fixture.accounts.remove(AccountID(999), by: owner) }
        #expect(throws: AccountError.noSuchAccount) { try fixture.accounts.removeFromShell(AccountID(999)) }
    }

    // MARK: resetting a password

    @Test func aResetSetsTheNewPasswordAndEndsEverySessionOfTheAccount() throws {
        // setup
        try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        let first = try fixture.sessions.start(for: bob)
        let second = try fixture.sessions.start(for: bob)
        let anns = try fixture.signIn("Ann")

        // MUT
        try fixture.accounts.resetPassword(of: bob.id, to: "a brand new password", repeated: "a brand new password")

        // validate
        #expect(try fixture.sessions.session(token: first.token) == nil)
        #expect(try fixture.sessions.session(token: second.token) == nil)
        #expect(try fixture.sessionRows(of: bob) == 0)
        #expect(try fixture.sessions.session(token: anns.grant.token) != nil, "only that account's sessions end")
        let stored = try #require(try fixture.storedHash(of: bob))
        #expect(fixture.library.hasher.verify("a brand new password", against: stored))
        #expect(!fixture.library.hasher.verify(AccountsFixture.password, against: stored))
    }

    @Test func aRefusedResetChangesNothing() throws {
        // setup
        let bob = try fixture.account("Bob")
        let session = try fixture.sessions.start(for: bob)
        let before = try fixture.storedHash(of: bob)

        // MUT
        #expect(throws: AccountError.passwordsDiffer) {
            try fixture.accounts.resetPassword(of: bob.id, to: "a brand new password", repeated: "a brand new passw0rd")
        }
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) {
            try fixture.accounts.resetPassword(of: bob.id, to: "short", repeated: "short")
        }
        #expect(throws: AccountError.noSuchAccount) {
            try fixture.accounts.resetPassword(of: AccountID(999), to: "a brand new password", repeated: "a brand new password")
        }

        // validate
        #expect(try fixture.storedHash(of: bob) == before)
        #expect(try fixture.sessions.session(token: session.token) != nil)
    }

    // MARK: ownership of data

    @Test func anAccountMayAccessOnlyItsOwnData() throws {
        // setup
        let owner = Account(id: AccountID(1), name: "Ann", isOwner: true, createdAt: Date())
        let member = Account(id: AccountID(2), name: "Bob", isOwner: false, createdAt: Date())

        // MUT + validate: being the owner manages accounts, it does not open others' data.
        #expect(owner.mayAccess(dataOf: owner.id))
        #expect(member.mayAccess(dataOf: member.id))
        #expect(!owner.mayAccess(dataOf: member.id))
        #expect(!member.mayAccess(dataOf: owner.id))
        #expect(owner.mayManageAccounts)
        #expect(!member.mayManageAccounts)
    }
}
