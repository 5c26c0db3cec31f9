import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// A person changing their own password: the current one is required, every other session
/// ends, and the one in use gets a new id.
@Suite(.onEachEngine) struct PasswordChangeTests {
    let fixture: AccountsFixture
    let ann: Account

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        ann = try fixture.account("Ann", owner: true)
    }

    @Test func theCurrentPasswordIsRequired() throws {
        // setup
        let current = try fixture.sessions.start(for: ann)
        let other = try fixture.sessions.start(for: ann)
        let before = try fixture.storedHash(of: ann)

        // MUT
        let error = #expect(throws: AccountError.self) {
            try fixture.authenticator.changePassword(
                of: current.session, current: "not my password", new: "a brand new password", repeated: "a brand new password",
                address: "192.0.2.10")
        }

        // validate
        #expect(error == .wrongCurrentPassword)
        #expect(try fixture.storedHash(of: ann) == before)
        #expect(try fixture.sessions.session(token: current.token) != nil)
        #expect(try fixture.sessions.session(token: other.token) != nil)
    }

    @Test func aChangeEndsOtherSessionsAndGivesANewSessionId() throws {
        // setup
        let current = try fixture.sessions.start(for: ann)
        let phone = try fixture.sessions.start(for: ann)

        // MUT
        let grant = try fixture.authenticator.changePassword(
            of: current.session, current: AccountsFixture.password, new: "a brand new password", repeated: "a brand new password",
            address: "192.0.2.10"
        )

        // validate
        #expect(grant.token != current.token)
        #expect(grant.session.csrfToken != current.session.csrfToken)
        #expect(try fixture.sessions.session(token: grant.token)?.account == ann)
        #expect(try fixture.sessions.session(token: current.token) == nil, "the old id of this browser")
        #expect(try fixture.sessions.session(token: phone.token) == nil, "another browser")
        #expect(try fixture.sessionRows(of: ann) == 1)
    }

    @Test func afterAChangeOnlyTheNewPasswordSignsIn() throws {
        // setup
        let current = try fixture.sessions.start(for: ann)

        // MUT
        _ = try fixture.authenticator.changePassword(
            of: current.session, current: AccountsFixture.password, new: "a brand new password", repeated: "a brand new password",
            address: "192.0.2.10")

        // validate
        #expect(
            try fixture.authenticator.signIn(name: "Ann", password: AccountsFixture.password, address: "192.0.2.1", deviceToken: nil)
                .isRefused)
        #expect(
            try fixture.authenticator.signIn(name: "Ann", password: "a brand new password", address: "192.0.2.1", deviceToken: nil)
                .isSignedIn)
    }

    @Test func aNewPasswordThatBreaksTheRulesChangesNothing() throws {
        // setup
        let current = try fixture.sessions.start(for: ann)
        let before = try fixture.storedHash(of: ann)

        // MUT + validate
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) {
            try fixture.authenticator.changePassword(
                of: current.session, current: AccountsFixture.password, new: "short", repeated: "short", address: "192.0.2.10")
        }
        #expect(throws: AccountError.passwordsDiffer) {
            try fixture.authenticator.changePassword(
                of: current.session, current: AccountsFixture.password, new: "a brand new password", repeated: "a brand new passw0rd",
                address: "192.0.2.10")
        }
        #expect(try fixture.storedHash(of: ann) == before)
        #expect(try fixture.sessions.session(token: current.token) != nil)
    }
}
