#if canImport(Glibc)
    import Glibc
#endif

/// posix_spawn with the child's standard streams opened by the child itself.
enum Spawn {
    /// Starts `executable` and returns its process id. The child opens `input` for reading and
    /// `output` and `error` for writing (created or emptied); the parent opens nothing, so no
    /// other child started meanwhile can inherit them. The child starts with every signal
    /// unblocked and at its default action, as from a shell, whatever the test process set.
    static func start(
        _ executable: String, arguments: [String], environment: [String: String],
        input: String, output: String, error: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions), executable)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes), executable)
        defer { posix_spawnattr_destroy(&attributes) }

        let strings = CStrings([input, output, error, executable] + arguments + environment.map { "\($0.key)=\($0.value)" })
        defer { strings.free() }
        guard let pointers = strings.pointers else {
            throw ChildProcessError(description: "cannot run \(executable): out of memory")
        }
        let created = O_WRONLY | O_CREAT | O_TRUNC
        try check(posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, pointers[0], O_RDONLY, 0), executable)
        try check(posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, pointers[1], created, 0o644), executable)
        try check(posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, pointers[2], created, 0o644), executable)

        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        try check(posix_spawnattr_setsigmask(&attributes, &unblocked), executable)
        try check(posix_spawnattr_setsigdefault(&attributes, &everySignal), executable)
        try check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)), executable)

        let argv: [UnsafeMutablePointer<CChar>?] = pointers[3..<(4 + arguments.count)].map { $0 } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = pointers[(4 + arguments.count)...].map { $0 } + [nil]
        var pid: pid_t = 0
        try check(posix_spawn(&pid, pointers[3], &actions, &attributes, argv, envp), executable)
        return pid
    }

    /// posix_spawn and its helpers return the error number instead of setting errno.
    private static func check(_ code: Int32, _ executable: String) throws {
        guard code == 0 else {
            throw ChildProcessError(description: "cannot run \(executable): \(String(cString: strerror(code)))")
        }
    }
}

/// C copies of strings, kept until `free`: posix_spawn reads them when it runs.
private struct CStrings {
    private let copies: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        copies = strings.map { strdup($0) }
    }

    /// Every copy, or nil if any could not be made.
    var pointers: [UnsafeMutablePointer<CChar>]? {
        let made = copies.compactMap { $0 }
        return made.count == copies.count ? made : nil
    }

    func free() {
        copies.forEach { Glibc.free($0) }
    }
}
