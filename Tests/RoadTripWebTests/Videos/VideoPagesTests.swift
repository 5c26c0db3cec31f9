import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import TestSupport
import Testing

/// A video uploaded, shown and played: what the server answers (the browser's part is e2e's).
@Suite struct VideoPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    /// Today is `PageSnapshotTests.now`, as the timeline and a memory's book are dated from it.
    init() throws {
        web = try WebFixture(clock: WallClock { PageSnapshotTests.now })
        uploads = try PhotoUploads()
    }

    private func upload(_ visitor: Visitor, _ path: String, name: String) throws -> [String: String] {
        var headers = Headers()
        headers["Content-Type"] = "application/octet-stream"
        headers["X-CSRF-Token"] = visitor.formToken
        let response = visitor.send("POST", "/upload/file?name=\(name)", headers: headers, bodyFile: try uploads.spooled(path))
        return (try? JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: String]) ?? [:]
    }

    @Test func anUploadedVideoShowsItsPosterUntilItsRenditionIsMadeThenPlaysInRanges() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let answer = try upload(visitor, try TestClips.h264(), name: "tram.mp4")
        let id = try #require(answer["photo"].flatMap { Int64($0.split(separator: "/").last ?? "") })

        // MUT: before the rendition
        let waiting = visitor.get("/photos/\(id)")
        let early = visitor.get("/photos/\(id)/video")
        let status = visitor.get("/photos/\(id)/video-status")
        let grid = visitor.get("/timeline")
        let memoryPage = visitor.get("/memories/2024-06-01/1")

        // validate
        #expect(answer["outcome"] == "imported" && answer["thumbnail"]?.hasSuffix("/thumbnail") == true, "\(answer)")
        web.expectPage(waiting, recordedAs: "the-video-preparing-behind-its-poster", seenBy: visitor)
        #expect(!waiting.bodyText.contains(#" src="/photos/\#(id)/video""#))
        #expect(early.status == .serviceUnavailable && early.headers["Retry-After"] == "30")
        #expect(status.bodyText == #"{"percent":0,"state":"pending"}"#)
        web.expectPage(grid, recordedAs: "the-timeline-with-the-videos-length", seenBy: visitor)
        web.expectPage(memoryPage, recordedAs: "the-memorys-book-preparing-the-video", seenBy: visitor)
        #expect(!memoryPage.bodyText.contains("book-play"))

        // MUT: made, then asked for as a player does
        let workers = web.library.videoWorkers { _ in }
        workers.start()
        #expect(workers.waitUntilIdle(timeout: 120))
        workers.stop(waitingUntil: Date())
        let shown = visitor.get("/photos/\(id)")
        let whole = visitor.get("/photos/\(id)/video")
        let part = visitor.send("GET", "/photos/\(id)/video", headers: ["Range": "bytes=100-199"])
        let original = visitor.get("/photos/\(id)/original")
        let madeMemoryPage = visitor.get("/memories/2024-06-01/1")

        // validate
        web.expectPage(shown, recordedAs: "the-video-ready-to-play", seenBy: visitor)
        #expect(!shown.bodyText.contains("Preparing video"))
        #expect(whole.status == .ok && whole.headers["Content-Type"] == "video/mp4" && whole.headers["Accept-Ranges"] == "bytes")
        #expect(part.status == .partialContent && part.bodyBytes == Array(whole.bodyBytes[100..<200]))
        #expect(part.headers["Content-Range"] == "bytes 100-199/\(whole.bodyBytes.count)")
        #expect(original.headers["Content-Type"] == "video/mp4")
        #expect(original.bodyBytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: try TestClips.h264()))))
        #expect(original.headers["Content-Disposition"] == "inline; filename=\"video-\(id).mp4\"")
        web.expectPage(madeMemoryPage, recordedAs: "the-memorys-book-playing-the-video", seenBy: visitor)
    }

    @Test func keepingAVacationOfflineOffersItsPlayableVideosWithTheirSizeBeforeFetchingAny() throws {
        // setup: a vacation of a video and a photo
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let video = try #require(
            try upload(visitor, try TestClips.h264(), name: "tram.mp4")["photo"].flatMap { Int64($0.split(separator: "/").last ?? "") })
        let still = try #require(
            try upload(visitor, try uploads.draw("still.jpg"), name: "still.jpg")["photo"].flatMap {
                Int64($0.split(separator: "/").last ?? "")
            })
        let account = try #require(try web.library.accounts.all().first).id
        let vacation = try web.library.vacations.create(named: "Lisbon", for: account)
        for id in [video, still] {
            try web.library.vacations.visit(
                try #require(try web.library.photos.photo(id: id)), into: vacation, for: account, library: web.library)
        }
        let list = Route.vacationKeepListPart(id: vacation, from: 0).path
        let decode = { (answer: Response) in try JSONDecoder().decode(KeepList.self, from: Data(answer.bodyBytes)) }

        // MUT: before its rendition is made, and after
        let early = try decode(visitor.get(list))
        let workers = web.library.videoWorkers { _ in }
        workers.start()
        #expect(workers.waitUntilIdle(timeout: 120))
        workers.stop(waitingUntil: Date())
        let made = try decode(visitor.get(list))

        // validate: the video's address and its rendition's size, apart from the files kept always
        #expect(early.videos == nil)
        let contents = try #require(try web.library.vacations.vacation(vacation, of: account)).contents
        let shown = try #require(try contents.photos().first { $0.title == "tram" }).id
        let address = Route.vacationPhotoVideo(id: vacation, photo: shown).path
        let rendition = visitor.get(address)
        #expect(rendition.status == .ok)
        #expect(
            made.videos
                == KeepList.Videos(
                    files: [KeepList.File(url: address, bytes: rendition.bodyBytes.count)], bytes: rendition.bodyBytes.count, videoCount: 1)
        )
        #expect(
            !made.files.contains { $0.url == address }
                && made.files.contains { $0.url == Route.vacationPhotoImage(id: vacation, photo: shown, size: .preview).path },
            "the poster is kept always, the video only when asked for")
    }

    @Test func aPhotoIsNotAVideo() throws {
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let answer = try upload(visitor, try uploads.draw("still.jpg"), name: "still.jpg")
        let path = try #require(answer["photo"])

        #expect(visitor.get(path + "/video").status == .notFound)
        #expect(visitor.get(path + "/video-status").status == .notFound)
        #expect(!visitor.get(path).bodyText.contains("<video"))
    }

    @Test func aStrangerGetsNoVideo() throws {
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let answer = try upload(visitor, try TestClips.h264(), name: "tram.mp4")
        let path = try #require(answer["photo"])
        let stranger = web.visitor()

        #expect(stranger.get(path + "/video").status != .ok)
        #expect(stranger.get(path + "/video-status").status != .ok)
    }

    /// The Info panel's Size line of `photo`, opened in the viewer.
    private func sizeLine(_ visitor: Visitor, _ photo: Photo) -> String? {
        let page = visitor.get(Route.photo(id: photo.id, inRecents: false).path).bodyText
        guard let size = page.range(of: "<dt>Size</dt><dd>"), let end = page[size.upperBound...].range(of: "</dd>") else { return nil }
        return String(page[size.upperBound..<end.lowerBound])
    }

    @Test func theInfoSaysAMotionPhotoALivePhotoAndAVideoForWhatTheyAre() throws {
        // setup: an Android phone's Motion Photo, an iPhone's Live Photo (its still and its movie), a video
        let visitor = try web.signedIn()
        let account = try #require(try web.library.accounts.account(named: "Ann")).id
        let identifier = "6F2B7C1E-4A8D-4E55-9C3A-1D2E3F405162"
        let files = [
            (
                try TestClips.motionPhoto(
                    still: try uploads.draw("still.jpg", seed: 1), video: try TestClips.h264(), style: .google,
                    to: uploads.folder.appendingPathComponent("PXL_20240601.MP.jpg").path), "PXL_20240601.MP.jpg"
            ),
            (try uploads.draw("IMG_0042.JPG", seed: 2, appleMakerNote: TestClips.appleMakerNote(identifier)), "IMG_0042.JPG"),
            (try TestClips.liveMovie("IMG_0042.MOV", identifier: identifier), "IMG_0042.MOV"),
            (try TestClips.hevc(), "IMG_0043.MOV"),
        ]
        let photos = try files.map { path, name in
            try #require(web.library.photos.importPhoto(at: path, fileName: name, by: account).photoValue)
        }

        // MUT
        let lines = [photos[0], photos[2], photos[3]].map { sizeLine(visitor, $0) }

        // validate: the Live Photo's movie joined its still, one item
        #expect(photos[1].id == photos[2].id)
        #expect(lines[0]?.hasSuffix(" · JPEG · Motion Photo") == true, "\(String(describing: lines[0]))")
        #expect(lines[1]?.hasSuffix(" · JPEG · Live Photo") == true, "\(String(describing: lines[1]))")
        #expect(lines[2]?.hasSuffix(" · MOV video, HEVC") == true, "\(String(describing: lines[2]))")
    }
}
