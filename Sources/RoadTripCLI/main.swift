#if canImport(Glibc)
    import Glibc
#endif

// The executable only parses arguments and hands over; everything else lives in the modules.
do {
    try Commands.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    Console.error("roadtrip: \(error.message)")
    exit(error.status)
}
