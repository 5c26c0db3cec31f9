import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// What a device keeps to use the trip offline (issue 17): the list offline.js fetches, each
/// address with the bytes it answers.
extension SavedCopyTests {
    func keepList(_ visitor: Visitor, _ route: Route = .tripKeepList) throws -> KeepList {
        try keepList(visitor, at: route.path)
    }

    func keepList(_ visitor: Visitor, at path: String) throws -> KeepList {
        let response = visitor.get(path)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Cache-Control"] == "no-store")
        return try JSONDecoder().decode(KeepList.self, from: Data(response.bodyBytes))
    }

    @Test func theTripsListNamesEveryPageItNeedsWithTheBytesEachAnswers() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false))
        _ = try keepList(ann)  // asks for every copy
        copies.waitUntilIdle()

        // MUT
        let list = try keepList(ann)

        // validate
        let pages = (1...events.count).flatMap { [Route.eventsBook(page: $0).path, Route.eventCopy(page: $0).path] }
        let pictures = try web.library.catalog.all().map { Route.destinationImage(id: $0.id).path }  // the menu shows them all
        let expected = Set(
            [Route.home, .destination(id: newYork.id), .weather, .tripMap].map(\.path) + pictures + pages + [Route.weatherCopy.path])
        #expect(pictures.count > 1)
        #expect(Set(list.files.map(\.url)) == expected)
        #expect(list.files.count == expected.count, "each address once")
        #expect(list.title == "Trip to New York City")
        #expect(list.start == "/")
        #expect(list.waiting == 0 && list.uncopied == 0)
        for file in list.files {
            let answer = ann.get(file.url)
            #expect(answer.status == .ok, "\(file.url)")
            #expect(answer.bodyBytes.count == file.bytes, "\(file.url) is \(answer.bodyBytes.count) bytes, the list says \(file.bytes)")
        }
        #expect(list.bytes == list.files.reduce(0) { $0 + $1.bytes })
    }

    @Test func aLongBooksListComesInBoundedPartsThatTogetherNameEveryAddressOnce() throws {
        // setup: 150 event pages, so the book's pages and copies take several parts
        for number in events.count..<150 { try web.library.events.add("https://example.org/event/\(number + 1)", destination: newYork.id) }
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false))
        _ = try keepList(ann)  // the first part asks for every copy
        copies.waitUntilIdle()

        // MUT
        var parts = [try keepList(ann)]
        while let next = parts.last?.next, parts.count < 10 { parts.append(try keepList(ann, at: next)) }

        // validate
        #expect(parts.count == 4, "\(parts.map(\.files.count))")
        #expect(parts.allSatisfy { $0.files.count <= KeepList.partSize })
        #expect(parts.last?.next == nil)
        #expect(parts[1].next == Route.tripKeepListPart(from: 2 * KeepList.partSize).path)
        let urls = parts.flatMap { $0.files.map(\.url) }
        #expect(Set(urls).count == urls.count, "each address once")
        let pages = (1...150).flatMap { [Route.eventsBook(page: $0).path, Route.eventCopy(page: $0).path] }
        let pictures = try web.library.catalog.all().map { Route.destinationImage(id: $0.id).path }
        #expect(
            Set(urls) == Set([Route.home, .destination(id: newYork.id), .weather, .tripMap, .weatherCopy].map(\.path) + pictures + pages))
        #expect(parts.allSatisfy { $0.waiting == 0 && $0.uncopied == 0 })
        #expect(parts.allSatisfy { $0.bytes == $0.files.reduce(0) { $0 + $1.bytes } })
    }

    @Test func whileTheServerStillCopiesEventPagesTheListSaysHowManyAndLeavesThemOut() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: false, held: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)

        // MUT
        let waiting = try keepList(ann)
        fetcher.release()
        copies.waitUntilIdle()
        let done = try keepList(ann)

        // validate
        #expect(waiting.waiting == events.count)
        #expect(waiting.uncopied == 0, "a page whose copy is still to come is not one that could not be copied")
        #expect(!waiting.files.contains { $0.url.hasSuffix("/copy") })
        #expect(done.waiting == 0)
        #expect(done.files.filter { $0.url.hasSuffix("/copy") }.count == events.count + 1, "every event page's copy and the forecast's")
    }

    @Test func eventPagesThatCouldNotBeCopiedAreCountedAndTheirBookPagesStillKept() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false, failing: true))
        _ = try keepList(ann)
        copies.waitUntilIdle()

        // MUT
        let list = try keepList(ann)

        // validate
        #expect(list.uncopied == events.count)
        #expect(list.waiting == 0)
        #expect(
            list.files.map(\.url).filter { $0.hasPrefix("/trip/events/") } == (1...events.count).map { Route.eventsBook(page: $0).path })
    }

    @Test func theForecastsCopyIsServedSandboxedAndTheWeatherPageOffersIt() throws {
        // setup
        // held until the page was seen without it (else a quick worker may be first)
        let fetcher = FakePageFetcher(refusesFraming: false, held: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        let before = ann.get(Route.weatherCopy.path)
        let first = ann.get(Route.weather.path).bodyText  // asks for the copy
        fetcher.release()
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.weatherCopy.path)
        let page = ann.get(Route.weather.path).bodyText

        // validate
        #expect(before.status == .notFound)
        #expect(!first.contains("data-copy="), "no copy to offer yet")
        #expect(copy.status == .ok)
        #expect(
            copy.headers["Content-Security-Policy"] == SecurityHeaders.savedCopyPolicy(gesture: try AssetCatalog.bundled().frameGesture))
        let escaped = newYork.weatherURL.replacingOccurrences(of: "&", with: "&amp;")
        #expect(copy.bodyText.contains("<base href=\"\(escaped)\">"))
        let frame = try #require(Markup.tags("iframe", in: page).first)
        #expect(Markup.attribute("data-copy", of: frame) == Route.weatherCopy.path)
        #expect(Markup.attribute("src", of: frame) == escaped, "online, the forecast itself shows")
    }

    @Test func withoutATripThereIsNothingToKeep() throws {
        // setup
        let bob = try web.signedIn("Bob", owner: false)

        // MUT
        let answer = bob.get(Route.tripKeepList.path)

        // validate
        #expect(answer.status == .notFound)
    }
}
