#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much memory this process can use: the machine's, or less inside a container whose
/// control group (cgroup v2, mounted at /sys/fs/cgroup) sets memory.max.
public enum MemorySize {
    public static func usable() -> Int {
        let physical = sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))
        guard let limit = controlGroupLimit(), limit > 0 else { return physical }
        return min(physical, limit)
    }

    /// memory.max holds a number of bytes, or "max" for no limit.
    private static func controlGroupLimit() -> Int? {
        guard let text = firstLine(of: "/sys/fs/cgroup/memory.max") else { return nil }
        return Int(text)
    }

    private static func firstLine(of path: String) -> String? {
        guard let head = try? FileAccess.head(of: path, count: 64) else { return nil }
        let line = head.prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self)
    }
}
