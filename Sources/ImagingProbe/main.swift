// A child process for DecodeMemoryTests: its peak memory is its own, so a test can bound what
// decoding costs. See Probe.swift for the arguments.
Probe.main(CommandLine.arguments)
