import Crypto
import Foundation
import SQLDatabase
import SQLite
import TestDatabases
import Testing
@testable import RoadTrip

@Suite(.onEachEngine) struct SessionStoreTests {
    let fixture: AccountsFixture
    let ann: Account

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        ann = try fixture.account("Ann", owner: true)
    }

    private func lastUsed(_ grant: SessionGrant) throws -> Int64? {
        try fixture.library.database.read { db in
            try db.fetchValue("SELECT last_used_at FROM sessions WHERE token_hash = \(SHA256.hash(Base64URL.decode(grant.token) ?? []))")
        }
    }

    @Test func aSessionIdIs43Base64URLCharactersOf256RandomBits() throws {
        // MUT
        let grants = try (0..<20).map { _ in try fixture.sessions.start(for: ann) }

        // validate
        for grant in grants {
            #expect(grant.token.utf8.count == 43)
            #expect(Base64URL.decode(grant.token)?.count == 32)
            #expect(grant.session.account == ann)
            #expect(grant.session.csrfToken.utf8.count == 43)
            #expect(grant.session.csrfToken != grant.token)
        }
        #expect(Set(grants.map(\.token)).count == grants.count)
        #expect(Set(grants.map(\.session.csrfToken)).count == grants.count)
    }

    @Test func onlyTheSHA256OfTheSessionIdIsStored() throws {
        // setup
        let grant = try fixture.sessions.start(for: ann)
        let idBytes = try #require(Base64URL.decode(grant.token))

        // MUT
        let rows = try fixture.library.database.read { db in try db.fetchAll("SELECT * FROM sessions") }

        // validate: no column holds the id, as text or as bytes, whole or in part.
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        for (index, column) in row.columnNames.enumerated() {
            let value: SQLValue = try row[index]
            switch value {
            case .text(let text):
                #expect(!text.contains(grant.token), "\(column) holds the session id")
                #expect(!text.contains(grant.token.prefix(16)), "\(column) holds part of the session id")
            case .blob(let bytes):
                #expect(bytes != idBytes && bytes != Array(grant.token.utf8), "\(column) holds the session id")
            default:
                break
            }
        }
        #expect(try row["token_hash"] as [UInt8] == SHA256.hash(idBytes))
    }

    @Test func theSessionIdLeadsBackToTheSessionAndItsAccount() throws {
        // setup
        let grant = try fixture.sessions.start(for: ann)

        // MUT
        let session = try fixture.sessions.session(token: grant.token)

        // validate
        #expect(session == grant.session)
        #expect(session?.account == ann)
    }

    @Test func aSessionEndsAfter30DaysEvenWhenUsedEveryDay() throws {
        // setup
        let grant = try fixture.sessions.start(for: ann)

        // MUT + validate
        for day in 1...29 {
            fixture.clock.advance(by: .day)
            #expect(try fixture.sessions.session(token: grant.token) != nil, "day \(day)")
        }
        fixture.clock.advance(by: .day)
        #expect(try fixture.sessions.session(token: grant.token) == nil, "day 30")
        #expect(try fixture.rows(in: "sessions") == 0, "the expired session is deleted on the way")
    }

    @Test func aSessionEndsAfter7DaysUnused() throws {
        // setup
        let unused = try fixture.sessions.start(for: ann)
        let used = try fixture.sessions.start(for: ann)

        // MUT
        fixture.clock.advance(by: 7 * .day - 1)
        let usedJustBefore = try fixture.sessions.session(token: used.token)
        fixture.clock.advance(by: 1)
        let unusedAfter = try fixture.sessions.session(token: unused.token)
        let usedAfter = try fixture.sessions.session(token: used.token)

        // validate
        #expect(usedJustBefore != nil)
        #expect(unusedAfter == nil)
        #expect(usedAfter != nil, "used a second ago, so not idle")
    }

    @Test func useIsRecordedAtMostOnceAnHour() throws {
        // setup
        let grant = try fixture.sessions.start(for: ann)
        let start = fixture.clock.seconds

        // MUT + validate
        fixture.clock.advance(by: 30 * .minute)
        _ = try fixture.sessions.session(token: grant.token)
        #expect(try lastUsed(grant) == start, "half an hour later: not written")
        fixture.clock.advance(by: 31 * .minute)
        _ = try fixture.sessions.session(token: grant.token)
        #expect(try lastUsed(grant) == start + 61 * 60, "after an hour: written")
        fixture.clock.advance(by: 59 * .minute)
        _ = try fixture.sessions.session(token: grant.token)
        #expect(try lastUsed(grant) == start + 61 * 60)
    }

    @Test(arguments: [
        "", "x", "rt_session", String(repeating: "A", count: 42), String(repeating: "A", count: 44),
        String(repeating: "A", count: 42) + "!", String(repeating: "A", count: 42) + "=", String(repeating: "A", count: 42) + "B",
        String(repeating: "A", count: 21) + " " + String(repeating: "A", count: 21), String(repeating: "A", count: 42) + "\0",
        String(repeating: "é", count: 43), String(repeating: "A", count: 100_000),
    ])
    func aMalformedSessionIdFindsNoSession(token: String) throws {
        // setup
        _ = try fixture.sessions.start(for: ann)

        // MUT + validate
        #expect(try fixture.sessions.session(token: token) == nil)
    }

    @Test func aWellFormedUnknownSessionIdFindsNoSession() throws {
        // setup
        _ = try fixture.sessions.start(for: ann)

        // MUT + validate
        #expect(try fixture.sessions.session(token: SecureRandom.token()) == nil)
    }

    @Test func endingASessionEndsOnlyThatOne() throws {
        // setup
        let phone = try fixture.sessions.start(for: ann)
        let laptop = try fixture.sessions.start(for: ann)

        // MUT
        try fixture.authenticator.signOut(phone.session)

        // validate
        #expect(try fixture.sessions.session(token: phone.token) == nil)
        #expect(try fixture.sessions.session(token: laptop.token) != nil)
    }

    @Test func removingExpiredSessionsKeepsTheLiveOnes() throws {
        // setup
        let old = try fixture.sessions.start(for: ann)
        fixture.clock.advance(by: 6 * .day)
        let recent = try fixture.sessions.start(for: ann)
        fixture.clock.advance(by: 1 * .day)

        // MUT
        try fixture.sessions.removeExpired()

        // validate
        #expect(try fixture.rows(in: "sessions") == 1)
        #expect(try fixture.sessions.session(token: recent.token) != nil)
        #expect(try fixture.sessions.session(token: old.token) == nil)
    }

    @Test func anAccountsSessionsAreListedThisOneFirstThenByLastUseAndNoneOfAnothersOrExpired() throws {
        // setup: a session left unused past its week, a laptop's a day ago, this phone's, a tablet's just now, Bob's
        _ = try fixture.sessions.start(for: ann)
        fixture.clock.advance(by: 7 * .day)
        let laptop = (try fixture.sessions.start(for: ann), fixture.clock.seconds)
        fixture.clock.advance(by: .day)
        let phone = (try fixture.sessions.start(for: ann), fixture.clock.seconds)
        fixture.clock.advance(by: 2 * .hour)
        let tablet = (try fixture.sessions.start(for: ann), fixture.clock.seconds)
        _ = try fixture.sessions.start(for: try fixture.account("Bob"))

        // MUT
        let listed = try fixture.sessions.sessions(of: phone.0.session)

        // validate
        #expect(listed.map(\.isCurrent) == [true, false, false])
        #expect(listed.map(\.startedAt) == [phone.1, tablet.1, laptop.1])
        #expect(listed.map(\.lastUsedAt) == [phone.1, tablet.1, laptop.1])
    }

    @Test func signingOutEverywhereElseEndsTheAccountsOtherSessionsOnly() throws {
        // setup
        let phone = try fixture.sessions.start(for: ann)
        let laptop = try fixture.sessions.start(for: ann)
        let tablet = try fixture.sessions.start(for: ann)
        let bobs = try fixture.sessions.start(for: try fixture.account("Bob"))

        // MUT
        let ended = try fixture.sessions.endOthers(than: phone.session)

        // validate
        #expect(ended == 2)
        #expect(try fixture.sessions.session(token: phone.token) != nil)
        #expect(try fixture.sessions.session(token: laptop.token) == nil)
        #expect(try fixture.sessions.session(token: tablet.token) == nil)
        #expect(try fixture.sessions.session(token: bobs.token) != nil, "another account's sessions are not touched")
        #expect(try fixture.sessions.endOthers(than: phone.session) == 0)
    }
}
