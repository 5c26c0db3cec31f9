import Foundation
import RoadTrip
import Testing
import TestSupport

/// `roadtrip user add|list|passwd|remove`, the password given as two lines on standard input.
extension CommandLineTests {
    static let password = "correct horse battery"

    private var data: String { scratch.url.appendingPathComponent("data").path }

    private func user(_ arguments: String..., input: String? = nil) throws -> CommandResult {
        try RoadTripProcess.run(["user"] + arguments + ["--data", data], input: input, scratch: scratch.url)
    }

    private func add(_ name: String, owner: Bool = false, password: String = CommandLineTests.password) throws {
        let result = try RoadTripProcess.run(
            ["user", "add", name, "--data", data] + (owner ? ["--owner"] : []),
            input: "\(password)\n\(password)\n", scratch: scratch.url)
        try #require(result.status == 0, "\(result.standardError)")
    }

    @Test func userAddReadsThePasswordTwiceFromStandardInput() throws {
        // MUT
        let result = try user("add", "Ann", "--owner", input: "\(Self.password)\n\(Self.password)\n")

        // validate
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Added Ann (owner).\n")
        #expect(result.standardError.isEmpty)
        #expect(!result.standardOutput.contains(Self.password))
        let library = try Library(folder: URL(fileURLWithPath: data))
        let outcome = try library.authenticator.signIn(name: "Ann", password: Self.password, address: "192.0.2.1", deviceToken: nil)
        guard case .signedIn(let grant, _) = outcome else {
            Issue.record("the password given on standard input does not sign in: \(outcome)")
            return
        }
        #expect(grant.session.account.isOwner)
    }

    @Test(arguments: [
        ("correct horse battery\ncorrect horse batterY\n", "roadtrip: The two passwords are not the same."),
        ("short\nshort\n", "roadtrip: A password needs at least 10 characters."),
        ("correct horse battery\n", "roadtrip: give the password twice, as two lines on standard input"),
        ("", "roadtrip: give the password twice, as two lines on standard input"),
    ])
    func userAddRefusesABadPasswordAndStoresNothing(input: String, message: String) throws {
        // MUT
        let result = try user("add", "Ann", "--owner", input: input)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == [message])
        #expect(result.standardOutput.isEmpty)
        #expect(try user("list").standardOutput.isEmpty)
    }

    @Test func userAddRefusesANameTakenIgnoringCase() throws {
        // setup
        try add("Ann", owner: true)

        // MUT
        let result = try user("add", "ANN", input: "\(Self.password)\n\(Self.password)\n")

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: There is already an account named Ann."])
        #expect(try user("list").standardOutput == "Ann\towner\n")
    }

    @Test func userListShowsEachAccountAsOwnerOrMember() throws {
        // setup
        try add("Bob")
        try add("Ann", owner: true)

        // MUT
        let result = try user("list")

        // validate
        #expect(result.status == 0)
        #expect(result.standardOutput == "Ann\towner\nBob\tmember\n")
    }

    @Test func userPasswdSetsTheNewPasswordAndEndsTheAccountsSessions() throws {
        // setup
        try add("Ann", owner: true)
        let library = try Library(folder: URL(fileURLWithPath: data))
        let ann = try #require(try library.accounts.account(named: "Ann"))
        let session = try library.authenticator.sessions.start(for: ann)

        // MUT
        let result = try user("passwd", "Ann", input: "a brand new password\na brand new password\n")

        // validate
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Changed the password of Ann; their sessions have ended.\n")
        #expect(try library.authenticator.sessions.session(token: session.token) == nil)
        #expect(
            try library.authenticator.signIn(name: "Ann", password: "a brand new password", address: "192.0.2.1", deviceToken: nil)
                .isSignedIn)
    }

    @Test func userPasswdRefusesMismatchAndUnknownNames() throws {
        // setup
        try add("Ann", owner: true)

        // MUT
        let mismatch = try user("passwd", "Ann", input: "a brand new password\na brand new passw0rd\n")
        let unknown = try user("passwd", "Nobody", input: "a brand new password\na brand new password\n")

        // validate
        #expect(mismatch.status == 1)
        #expect(mismatch.standardErrorLines == ["roadtrip: The two passwords are not the same."])
        #expect(unknown.status == 1)
        #expect(unknown.standardErrorLines == ["roadtrip: There is no such account."])
        let library = try Library(folder: URL(fileURLWithPath: data))
        #expect(try library.authenticator.signIn(name: "Ann", password: Self.password, address: "192.0.2.1", deviceToken: nil).isSignedIn)
    }

    @Test func userRemoveRemovesAMemberButNotTheLastOwner() throws {
        // setup
        try add("Ann", owner: true)
        try add("Bob")

        // MUT
        let lastOwner = try user("remove", "Ann")
        let member = try user("remove", "Bob")
        let unknown = try user("remove", "Nobody")

        // validate
        #expect(lastOwner.status == 1)
        #expect(lastOwner.standardErrorLines == ["roadtrip: The last owner account cannot be removed."])
        #expect(member.status == 0, "\(member.standardError)")
        #expect(member.standardOutput == "Removed Bob.\n")
        #expect(unknown.status == 1)
        #expect(unknown.standardErrorLines == ["roadtrip: There is no such account."])
        #expect(try user("list").standardOutput == "Ann\towner\n")
    }

    @Test(arguments: [
        ["user"], ["user", "add"], ["user", "list", "extra"], ["user", "remove", "Ann", "--owner"], ["user", "fly", "Ann"],
        ["user", "add", "Ann", "--admin"],
    ])
    func userWithWrongArgumentsIsAUsageError(arguments: [String]) throws {
        // MUT
        let result = try RoadTripProcess.run(
            arguments + ["--data", data], input: "\(Self.password)\n\(Self.password)\n", scratch: scratch.url)

        // validate
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardErrorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("roadtrip: "))
        #expect(try user("list").standardOutput.isEmpty)
    }

    @Test func helpNamesTheUserCommandsAndSecureCookies() throws {
        // MUT
        let result = try run("--help")

        // validate
        for text in ["user add", "user passwd", "user list", "user remove", "--owner", "--secure-cookies"] {
            #expect(result.standardOutput.contains(text), "help does not mention \(text)")
        }
    }
}

extension SignInOutcome {
    var isSignedIn: Bool { if case .signedIn = self { true } else { false } }
}
