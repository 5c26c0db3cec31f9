import Foundation
import TestSupport
import Testing

@Suite struct TemporaryFolderTests {
    @Test func aFolderIsNewAndEmptyAndGoesWithEverythingInItWhenLetGo() throws {
        // setup
        var folder: TemporaryFolder? = try TemporaryFolder("folder-tests")
        let path = try #require(folder?.path)
        #expect(try folder?.names() == [])

        // MUT
        try folder?.write(Array("text".utf8), to: "file.txt")
        try FileManager.default.createDirectory(atPath: try #require(folder?.file("inner")), withIntermediateDirectories: false)
        #expect(try folder?.names() == ["file.txt", "inner"])
        folder = nil

        // validate
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func withRemovesTheFolderWhenTheBodyReturns() throws {
        // MUT
        let path = try TemporaryFolder.with { folder in
            try folder.write([1, 2, 3], to: "bytes")
            #expect(try folder.contents(of: "bytes") == [1, 2, 3])
            return folder.path
        }

        // validate
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aWrittenFileCanBeGivenItsModificationTime() throws {
        // setup
        let folder = try TemporaryFolder()

        // MUT
        let path = try folder.write([0], to: "dated", modified: 1_700_000_000)

        // validate
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(path == folder.url.appendingPathComponent("dated").path)
    }

    @Test func twoFoldersAreNeverTheSame() throws {
        #expect(try TemporaryFolder().path != TemporaryFolder().path)
    }
}

@Suite struct RecorderTests {
    @Test func everythingRecordedFromManyThreadsIsKeptInTheOrderOfEachThread() throws {
        // setup
        let log = LogRecorder()
        let sink = log.sink
        let errors = ThreadErrors()

        // MUT
        #expect(
            runOnThreads(4, errors: errors) { thread in
                for line in 0..<250 { sink("\(thread) \(line)") }
            })

        // validate
        #expect(log.count == 1000)
        for thread in 0..<4 {
            #expect(log.all.filter { $0.hasPrefix("\(thread) ") } == (0..<250).map { "\(thread) \($0)" })
        }
        #expect(log.last?.isEmpty == false)
    }
}
