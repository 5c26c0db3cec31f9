import Foundation
import RoadTrip
#if canImport(Glibc)
    import Glibc
#endif

extension Commands {
    static func user(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: [], flags: ["--owner"])
        let usage = "usage: roadtrip user add NAME [--owner] | passwd NAME | list | remove NAME"
        guard let action = parsed.words.first else { throw CommandFailure(message: usage, status: 64) }
        let expected = action == "list" ? 1 : 2
        guard parsed.words.count == expected, parsed.flags.isEmpty || action == "add" else {
            throw CommandFailure(message: usage, status: 64)
        }
        let library = try openLibrary(parsed)
        let accounts = library.accounts
        do {
            switch action {
            case "list":
                for account in try accounts.all() {
                    Console.out("\(account.name)\t\(account.isOwner ? "owner" : "member")")
                }
            case "add":
                let (password, repeated) = try Commands.readPassword()
                let account = try accounts.create(
                    name: parsed.words[1], password: password, repeated: repeated, isOwner: parsed.flags.contains("--owner"))
                Console.out("Added \(account.name)\(account.isOwner ? " (owner)" : "").")
            case "passwd":
                guard let account = try accounts.account(named: parsed.words[1]) else { throw AccountError.noSuchAccount }
                let (password, repeated) = try Commands.readPassword()
                try accounts.resetPassword(of: account.id, to: password, repeated: repeated)
                Console.out("Changed the password of \(account.name); their sessions have ended.")
            case "remove":
                guard let account = try accounts.account(named: parsed.words[1]) else { throw AccountError.noSuchAccount }
                try accounts.removeFromShell(account.id)
                Console.out("Removed \(account.name).")
            default:
                throw CommandFailure(message: usage, status: 64)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as AccountError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(message: "could not change the accounts: \(error)")
        }
    }

    /// Twice from the terminal without echo, or two lines from standard input (for scripts).
    static func readPassword() throws(CommandFailure) -> (String, String) {
        if isatty(STDIN_FILENO) == 1 {
            return (try prompt("Password: "), try prompt("Password again: "))
        }
        guard let first = readLine(strippingNewline: true), let second = readLine(strippingNewline: true) else {
            throw CommandFailure(message: "give the password twice, as two lines on standard input")
        }
        return (first, second)
    }

    private static func prompt(_ text: String) throws(CommandFailure) -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else { throw CommandFailure(message: "no password given") }
        return line
    }
}
