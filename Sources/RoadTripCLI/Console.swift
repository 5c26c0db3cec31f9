import Foundation

/// Lines for the person at the terminal, written at once (no buffering to lose on exit).
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
