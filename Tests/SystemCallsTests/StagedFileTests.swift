import Foundation
import SystemCalls
import Testing

@Suite struct StagedFileTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "staged-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aPlacedFileHasItsNameAndBytesAndNoTemporaryIsLeft() throws {
        // setup
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/ab", withIntermediateDirectories: true)
        let staged = try StagedFile(in: folder, mode: 0o600)
        try staged.file.writeAll(Array("photo".utf8)[...])
        // MUT
        try staged.place(at: folder + "/ab/final.jpg")
        // validate
        #expect(try String(contentsOfFile: folder + "/ab/final.jpg", encoding: .utf8) == "photo")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ab"])
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/ab/final.jpg")[.posixPermissions] as? Int == 0o600)
    }

    @Test func aFileNeverPlacedGoesWithIt() throws {
        // setup
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let staged = try StagedFile(in: folder)
            try staged.file.writeAll(Array("duplicate".utf8)[...])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
        }
        // validate
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aFolderThatIsNotThereIsAnError() {
        #expect(throws: SystemError.self) { try StagedFile(in: "/nonexistent/folder") }
    }
}
