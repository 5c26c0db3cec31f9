import Foundation
import SystemCalls

/// Runs the program at `path` and returns its exit status and what it wrote to standard
/// output; its standard error is the test's.
///
/// posix_spawn and waitpid rather than Foundation's `Process`, whose `waitUntilExit` was seen
/// to miss a child's exit under the test runner and wait forever.
func runProgram(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let (readEnd, pid) = try spawnLock.withLock {
        let (readEnd, writeEnd) = try closeOnExecPipe()
        defer { close(writeEnd) }
        do {
            return (readEnd, try spawn(path, arguments, standardOutput: writeEnd))
        } catch {
            close(readEnd)
            throw error
        }
    }
    let output = readToEnd(readEnd)
    close(readEnd)
    return (try exitStatus(of: pid, path: path), output)
}

/// Held from making a pipe to spawning the child that uses it, so that no other child spawned
/// meanwhile by another test (nor the server it starts) inherits the pipe and holds it open:
/// Swift does not see glibc's pipe2, which would make it close-on-exec at once.
private let spawnLock = NSLock()

private func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
        throw TestServerError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) == -1 {
        let reason = String(cString: strerror(errno))
        ends.forEach { close($0) }
        throw TestServerError(description: "cannot make a pipe close-on-exec: \(reason)")
    }
    return (ends[0], ends[1])
}

private func spawn(_ path: String, _ arguments: [String], standardOutput: Int32) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    guard posix_spawn_file_actions_init(&actions) == 0 else {
        throw TestServerError(description: "cannot run \(path): out of memory")
    }
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copy, so only the child's standard output stays open.
    let dup = posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
    guard dup == 0 else {
        throw TestServerError(description: "cannot run \(path): \(String(cString: strerror(dup)))")
    }
    let argv = ([path] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    guard !argv.contains(nil) else {
        throw TestServerError(description: "cannot run \(path): out of memory")
    }
    var pid: pid_t = 0
    let code = (argv + [nil]).withUnsafeBufferPointer { argv in
        posix_spawn(&pid, path, &actions, nil, argv.baseAddress!, environ)
    }
    guard code == 0 else {
        throw TestServerError(description: "cannot run \(path): \(String(cString: strerror(code)))")
    }
    return pid
}

private func readToEnd(_ descriptor: Int32) -> String {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while let count = try? buffer.withUnsafeMutableBytes({ chunk in try systemCall("read") { read(descriptor, chunk.baseAddress, chunk.count) } }),
          count > 0 {
        data += buffer[..<count]
    }
    return String(decoding: data, as: UTF8.self)
}

/// The exit status, or -1 when a signal ended the program.
private func exitStatus(of pid: pid_t, path: String) throws -> Int32 {
    var status: Int32 = 0
    do throws(SystemError) {
        try systemCall("waitpid") { waitpid(pid, &status, 0) }
    } catch {
        throw TestServerError(description: "cannot wait for \(path): \(error.message)")
    }
    // WIFEXITED and WEXITSTATUS are macros Swift does not import.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
}
