import Foundation
import HTTPServer
import Testing

/// Each limit lets its exact size through and refuses one more, with 413 and no file left.
@Suite struct MultipartLimitTests {
    @Test func aFieldOverTheLimitIsRefused() throws {
        try FormFolder.with { form in
            // setup
            var atLimit = MultipartBody()
            atLimit.field("note", String(repeating: "n", count: 65536))
            atLimit.close()
            var over = MultipartBody()
            over.file("photos", fileName: "a.jpg", .pattern(count: 100))
            over.field("note", String(repeating: "n", count: 65537))
            over.close()

            // MUT
            let accepted = try form.parse(atLimit)
            let error = form.error(over)

            // validate
            #expect(accepted.value("note")?.utf8.count == 65536)
            #expect(error?.description == "field \"note\" is over 65536 bytes")
            #expect(error?.status == .contentTooLarge)
            #expect(form.filesLeft.isEmpty)
        }
    }

    @Test func moreThanTheAllowedNumberOfPartsIsRefused() throws {
        try FormFolder.with { form in
            // setup
            func body(parts: Int) -> MultipartBody {
                var body = MultipartBody()
                for index in 0..<parts { body.file("f", fileName: "\(index).bin", [UInt8(truncatingIfNeeded: index)]) }
                body.close()
                return body
            }

            // MUT
            let accepted = try form.parse(body(parts: 1000))
            for file in accepted.files { unlink(file.path) }
            let error = form.error(body(parts: 1001))
            let smallLimit = form.error(body(parts: 4), limits: MultipartLimits(maximumParts: 3))

            // validate
            #expect(accepted.files.count == 1000)
            #expect(error?.description == "more than 1000 parts")
            #expect(error?.status == .contentTooLarge)
            #expect(smallLimit?.description == "more than 3 parts")
            #expect(form.filesLeft.isEmpty)
        }
    }

    @Test func aHeaderBlockOverTheLimitIsRefused() throws {
        try FormFolder.with { form in
            // setup: a header block is its lines with their CR LF, and the blank line.
            let disposition = "Content-Disposition: form-data; name=\"x\"; filename=\"\""
            let limits = MultipartLimits(maximumHeaderSize: disposition.utf8.count + 4)
            var atLimit = MultipartBody(boundary: "b")
            atLimit.part([disposition], [1])
            atLimit.close()
            var over = MultipartBody(boundary: "b")
            over.part([disposition], [1])
            over.part([disposition + " "], [1])
            over.close()

            // MUT
            let accepted = try form.parse(atLimit, limits: limits)
            for file in accepted.files { unlink(file.path) }
            let error = form.error(over, limits: limits)
            let endless = form.error(
                Array(("--b\r\nX-Padding: " + String(repeating: "p", count: 100_000)).utf8), contentType: over.contentType, limits: limits)

            // validate
            #expect(accepted.files.count == 1)
            #expect(error?.description == "part 2's headers are over \(limits.maximumHeaderSize) bytes")
            #expect(error?.status == .contentTooLarge)
            #expect(endless?.description == "part 1's headers are over \(limits.maximumHeaderSize) bytes")
            #expect(form.filesLeft.isEmpty)
        }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        try FormFolder.with { form in
            // setup
            let limits = MultipartLimits(maximumFileSize: 1000)
            var atLimit = MultipartBody()
            atLimit.file("photos", fileName: "a.jpg", .pattern(count: 1000))
            atLimit.close()
            var over = MultipartBody()
            over.file("photos", fileName: "a.jpg", .pattern(count: 1000))
            over.file("photos", fileName: "b.jpg", .pattern(count: 1001))
            over.close()

            // MUT
            let accepted = try form.parse(atLimit, limits: limits)
            for file in accepted.files { unlink(file.path) }
            let error = form.error(over, limits: limits)

            // validate
            #expect(accepted.files.map(\.size) == [1000])
            #expect(error?.description == "the file of field \"photos\" is over 1000 bytes")
            #expect(error?.status == .contentTooLarge)
            #expect(form.filesLeft.isEmpty)
        }
    }
}
