import HTTPServer
import TestSupport
import Testing

@Suite struct StartErrorTests {
    @Test func secondServerOnABusyPortIsToldThePortIsInUse() throws {
        // setup
        let first = try startServer(handler: answerOK)
        defer { first.stop() }

        // MUT
        let error = #expect(throws: StartError.self) {
            try Server(configuration: testConfiguration { $0.port = first.port }, log: LogRecorder().sink, handler: answerOK)
        }

        // validate
        #expect(error?.description == "port \(first.port) on 127.0.0.1 is already in use")
        #expect(try fetch(port: first.port, "/").status == 200, "the first server goes on serving")
    }

    @Test func unknownHostIsNamedInTheError() {
        // MUT
        let error = #expect(throws: StartError.self) {
            try Server(configuration: testConfiguration { $0.host = "no-such-host.invalid" }, log: LogRecorder().sink, handler: answerOK)
        }

        // validate
        let description = error?.description ?? ""
        #expect(description.hasPrefix("cannot listen on no-such-host.invalid: "))
        #expect(description.count > "cannot listen on no-such-host.invalid: ".count, "the resolver's reason follows")
    }

    @Test func addressOfAnotherMachineIsRefusedLocally() {
        // MUT: 192.0.2.1 is TEST-NET-1; binding to it fails before any packet is sent.
        let error = #expect(throws: StartError.self) {
            try Server(configuration: testConfiguration { $0.host = "192.0.2.1" }, log: LogRecorder().sink, handler: answerOK)
        }

        // validate
        #expect(error?.description == "192.0.2.1 is not an address of this machine")
    }

    @Test(arguments: [-1, 65536])
    func portOutsideTheValidRangeIsRefused(port: Int) {
        // MUT
        let error = #expect(throws: StartError.self) {
            try Server(configuration: testConfiguration { $0.port = port }, log: LogRecorder().sink, handler: answerOK)
        }

        // validate
        #expect(error?.description == "port \(port) is not between 0 and 65535")
    }

    @Test func portZeroGetsARealPortFromTheSystem() throws {
        // MUT
        let server = try startServer(handler: answerOK)
        defer { server.stop() }

        // validate
        #expect((1...65535).contains(server.port))
        #expect(server.configuration.port == 0)
        #expect(try fetch(port: server.port, "/").status == 200)
    }
}
