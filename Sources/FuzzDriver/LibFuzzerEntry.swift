import Foundation
import FuzzTargets

// libFuzzer's side of the driver. `make fuzz` builds this target with `--sanitize=fuzzer` and
// renames main.swift's entry point, so that libFuzzer's own main runs and calls these; in the
// plain build they are exported and never called.

/// The target `ROADTRIP_FUZZ_TARGET` names, looked up once.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["ROADTRIP_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("Set ROADTRIP_FUZZ_TARGET to one of: \(names) (it is \"\(name)\").\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    // Once on nothing, so that a target's setup (a library with photos, libvips) is not timed
    // as an input's: under load it took a fork job's first input past -timeout.
    selectedTarget.run([])
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
