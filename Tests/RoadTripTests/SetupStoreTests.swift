import Crypto
import Foundation
import Synchronization
import SQLDatabase
import Testing
import TestDatabases
@testable import RoadTrip

/// The first start's one-time link that creates the owner.
@Suite(.onEachEngine) struct SetupStoreTests {
    let fixture: AccountsFixture

    init() throws {
        fixture = try AccountsFixture(engine: .current)
    }

    private func createOwner(token: String, name: String = "Ann", password: String = AccountsFixture.password, repeated: String? = nil)
        throws -> Account
    {
        try fixture.setup.createOwner(token: token, name: name, password: password, repeated: repeated ?? password)
    }

    @Test func aTokenIsIssuedOnlyWhileNoAccountExists() throws {
        // MUT
        let first = try fixture.setup.issueTokenIfNeeded()
        try fixture.account("Ann", owner: true)
        let afterAnAccount = try fixture.setup.issueTokenIfNeeded()

        // validate
        let token = try #require(first)
        #expect(token.utf8.count == 43)
        #expect(afterAnAccount == nil)
        #expect(try !fixture.setup.isValid(token: token), "an account exists: the old link stops working")
    }

    @Test func onlyTheTokensHashIsStored() throws {
        // MUT
        let token = try #require(try fixture.setup.issueTokenIfNeeded())

        // validate
        let stored: [[UInt8]] = try fixture.library.database.read { db in
            try db.fetchAll("SELECT token_hash FROM setup_tokens") { try $0["token_hash"] }
        }
        #expect(stored == [SHA256.hash(Base64URL.decode(token) ?? [])])
    }

    @Test func issuingAgainInvalidatesTheOldToken() throws {
        // setup
        let old = try #require(try fixture.setup.issueTokenIfNeeded())

        // MUT
        let new = try #require(try fixture.setup.issueTokenIfNeeded())

        // validate
        #expect(new != old)
        #expect(try fixture.setup.isValid(token: new))
        #expect(try !fixture.setup.isValid(token: old))
        #expect(throws: AccountError.setupTokenInvalid) { try createOwner(token: old) }
        #expect(try fixture.rows(in: "accounts") == 0)
    }

    @Test func creatingTheOwnerSpendsTheToken() throws {
        // setup
        let token = try #require(try fixture.setup.issueTokenIfNeeded())

        // MUT
        let owner = try createOwner(token: token)
        let again = #expect(throws: AccountError.self) { try createOwner(token: token, name: "Mallory") }

        // validate
        #expect(owner.name == "Ann")
        #expect(owner.isOwner)
        #expect(again == .alreadySetUp || again == .setupTokenInvalid, "\(String(describing: again))")
        #expect(try fixture.accounts.all().map(\.name) == ["Ann"])
        #expect(try !fixture.setup.isValid(token: token))
        #expect(try fixture.rows(in: "setup_tokens") == 0)
    }

    @Test(arguments: ["", "not a token", String(repeating: "A", count: 43), String(repeating: "A", count: 100_000)])
    func aWrongTokenCreatesNothing(wrong: String) throws {
        // setup
        let token = try #require(try fixture.setup.issueTokenIfNeeded())

        // MUT
        #expect(throws: AccountError.setupTokenInvalid) { try createOwner(token: wrong) }

        // validate
        #expect(try fixture.rows(in: "accounts") == 0)
        #expect(try fixture.setup.isValid(token: token), "the real link still works")
    }

    @Test func aBadNameOrPasswordIsRefusedAndTheTokenStillWorks() throws {
        // setup
        let token = try #require(try fixture.setup.issueTokenIfNeeded())

        // MUT
        #expect(throws: AccountError.nameEmpty) { try createOwner(token: token, name: "  ") }
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) { try createOwner(token: token, password: "short") }
        #expect(throws: AccountError.passwordsDiffer) { try createOwner(token: token, repeated: "something else entirely") }
        let owner = try createOwner(token: token)

        // validate
        #expect(owner.isOwner)
        #expect(try fixture.rows(in: "accounts") == 1)
    }

    @Test func twoSubmissionsOfTheLinkAtOnceCreateOneOwner() throws {
        // setup
        let token = try #require(try fixture.setup.issueTokenIfNeeded())
        let results = Mutex<[String]>([])
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for name in ["Ann", "Bob"] {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                start.wait()
                let result = (try? createOwner(token: token, name: name)).map { "created \($0.name)" } ?? "refused"
                results.withLock { $0.append(result) }
            }
        }

        // MUT
        start.signal()
        start.signal()
        #expect(group.wait(timeout: .now() + 60) == .success)

        // validate
        let all = results.withLock { $0 }
        #expect(all.filter { $0.hasPrefix("created") }.count == 1, "\(all)")
        #expect(try fixture.rows(in: "accounts") == 1)
    }
}
