import Foundation
@testable import HTTPServer
import SystemCalls
import TestSupport
import Testing

/// The files uploads are written to, and what happens when the disk is full.
@Suite struct NewFileTests {
    @Test func newFilesArePrivateUnguessableAndNeverReused() throws {
        try TemporaryFolder.with { folder in
            // MUT
            let files = try (0..<50).map { _ in try NewFile.create(in: folder.url.path, prefix: "upload-") }

            // validate
            #expect(Set(files.map(\.path)).count == 50)
            for file in files {
                let name = String(file.path.dropFirst(folder.url.path.count + 1))
                #expect(name.hasPrefix("upload-") && name.count == "upload-".count + 32)
                #expect(FileProbe.mode(file.path) == 0o600)
            }
        }
    }

    @Test func writtenBytesArriveAndDiscardRemovesTheFile() throws {
        try TemporaryFolder.with { folder in
            // setup
            let file = try NewFile.create(in: folder.url.path, prefix: "x-")

            // MUT
            try [UInt8].pattern(count: 70_000).withUnsafeBytes { buffer in Result { () throws(SystemError) in try file.write(buffer) } }
                .get()
            try file.finishWriting()
            let written = FileProbe.contents(file.path)
            file.discard()

            // validate
            #expect(written == .pattern(count: 70_000))
            #expect(file.size == 70_000)
            #expect(FileProbe.names(in: folder.url.path).isEmpty)
        }
    }

    @Test func aFullDiskIsReportedAsNoSpaceLeft() throws {
        // setup: /dev/full takes no byte and says why.
        let full = try FileDescriptor.open("/dev/full", flags: O_WRONLY)

        // MUT
        let error = #expect(throws: SystemError.self) {
            try [UInt8](repeating: 7, count: 4096).withUnsafeBytes { buffer in
                Result { () throws(SystemError) in try full.writeAll(buffer) }
            }.get()
        }

        // validate
        #expect(error?.errno == ENOSPC)
        #expect(error?.description == "write: No space left on device")
        #expect(MultipartError("cannot store the file", try #require(error)).status == .insufficientStorage)
    }
}
