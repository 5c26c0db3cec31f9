import Crypto
import Foundation
import Imaging
import Synchronization
import Testing
@testable import RoadTrip

@Suite struct FlickrImageCacheTests {
    let data = FreshDataFolder()
    let clock = TestClock()
    let flickr = FakeFlickrImages()

    var folder: URL { data.url.appendingPathComponent("cache/flickr") }

    func cache(capacity: Int = FlickrImageCache.defaultCapacity) -> FlickrImageCache {
        FlickrImageCache(folder: folder, capacity: capacity, transport: flickr, clock: clock.wallClock)
    }

    /// Calls for each image in turn, a minute apart, so that their uses are ordered on disk too.
    func use(_ urls: [URL], in cache: FlickrImageCache) throws {
        for url in urls {
            clock.advance(by: .minute)
            _ = try cache.file(for: url)
        }
    }

    /// The cache files left in the folder, by the address each was fetched from.
    func cachedURLs(among urls: [URL]) -> Set<URL> {
        Set(urls.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent(Self.name(of: $0)).path) })
    }

    /// The bytes of every file in the folder, hidden ones included.
    func bytesOnDisk() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.reduce(0) { $0 + (DurableFile.size(of: folder.appendingPathComponent($1).path) ?? 0) }
    }

    static func name(of url: URL) -> String { FileDigest.sha256(of: Array(url.absoluteString.utf8)) }

    static func photo(_ number: Int) -> URL {
        URL(string: "https://live.staticflickr.com/65535/\(number)_abcdef_b.jpg")!
    }

    // MARK: hits and misses

    @Test func aMissFetchesAndStoresTheImage() throws {
        // setup
        let drawn = data.url.appendingPathComponent("drawn.jpg").path
        try FileManager.default.createDirectory(at: data.url, withIntermediateDirectories: true)
        try SyntheticPhoto.write(to: drawn, format: .jpeg, width: 64, height: 48, metadata: PhotoMetadata(), seed: 7)
        let image = try #require(FileManager.default.contents(atPath: drawn)).map { $0 }
        flickr.serve(image, at: Self.photo(1))
        let cache = cache()

        // MUT
        let file = try cache.file(for: Self.photo(1))

        // validate
        #expect(file.path == folder.appendingPathComponent(Self.name(of: Self.photo(1))).path)
        #expect(file.mediaType == "image/jpeg")
        #expect(try FileDigest.sha256(ofFileAt: file.path) == FileDigest.sha256(of: image))
        #expect(flickr.fetches(of: Self.photo(1)) == 1)
        #expect(cache.totalSize == image.count)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
    }

    @Test func aHitIsServedFromDiskWithoutFetching() throws {
        // setup
        flickr.serve(FakeFlickrImages.png(size: 500, seed: 1), at: Self.photo(1))
        let cache = cache()
        let first = try cache.file(for: Self.photo(1))

        // MUT
        let second = try cache.file(for: Self.photo(1))

        // validate
        #expect(second == first)
        #expect(second.mediaType == "image/png")
        #expect(flickr.fetches(of: Self.photo(1)) == 1)
    }

    // MARK: eviction

    @Test func leastRecentlyUsedImagesAreEvictedFirst() throws {
        // setup
        let urls = (1...4).map(Self.photo)
        for (number, url) in urls.enumerated() { flickr.serve(FakeFlickrImages.jpeg(size: 1000, seed: UInt8(number)), at: url) }
        let cache = cache(capacity: 3000)
        try use([urls[0], urls[1], urls[2], urls[0]], in: cache)

        // MUT
        try use([urls[3]], in: cache)

        // validate
        #expect(cachedURLs(among: urls) == [urls[0], urls[2], urls[3]])
        #expect(cache.totalSize == 3000)
        #expect(flickr.fetches(of: urls[0]) == 1)
    }

    @Test func theTotalStaysWithinCapacity() throws {
        // setup
        let urls = (1...12).map(Self.photo)
        for (number, url) in urls.enumerated() {
            flickr.serve(FakeFlickrImages.jpeg(size: 300 + 170 * number, seed: UInt8(number)), at: url)
        }
        let cache = cache(capacity: 2500)

        for url in urls + urls.reversed() {
            // MUT
            try use([url], in: cache)

            // validate
            #expect(cache.totalSize <= 2500)
            #expect(cache.totalSize == bytesOnDisk())
            #expect(cachedURLs(among: urls).contains(url))
        }
    }

    @Test func anEvictedImageIsFetchedAgain() throws {
        // setup
        let urls = (1...3).map(Self.photo)
        for url in urls { flickr.serve(FakeFlickrImages.jpeg(size: 1000, seed: 1), at: url) }
        let cache = cache(capacity: 2000)
        try use(urls, in: cache)

        // MUT
        try use([urls[0]], in: cache)

        // validate
        #expect(flickr.fetches(of: urls[0]) == 2)
        #expect(cachedURLs(among: urls) == [urls[0], urls[2]])
    }

    // MARK: restart

    @Test func aRestartKeepsTheOrderOfUse() throws {
        // setup
        let urls = (1...4).map(Self.photo)
        for url in urls { flickr.serve(FakeFlickrImages.jpeg(size: 1000, seed: 2), at: url) }
        try use([urls[0], urls[1], urls[2], urls[0]], in: cache(capacity: 3000))

        // MUT
        let restarted = cache(capacity: 3000)
        try use([urls[3]], in: restarted)

        // validate
        #expect(cachedURLs(among: urls) == [urls[0], urls[2], urls[3]])
        #expect(restarted.totalSize == 3000)
        #expect(flickr.fetches(of: urls[0]) == 1)
    }

    @Test func aRestartFindsTheStoredImagesWithoutFetching() throws {
        // setup
        flickr.serve(FakeFlickrImages.webp(size: 800), at: Self.photo(1))
        let first = try cache().file(for: Self.photo(1))

        // MUT
        let restarted = cache()
        let again = try restarted.file(for: Self.photo(1))

        // validate
        #expect(again == first)
        #expect(again.mediaType == "image/webp")
        #expect(restarted.totalSize == 800)
        #expect(flickr.fetches(of: Self.photo(1)) == 1)
    }

    @Test func aRestartRemovesTemporaryFilesLeftByACrash() throws {
        // setup
        flickr.serve(FakeFlickrImages.jpeg(size: 600, seed: 3), at: Self.photo(1))
        _ = try cache().file(for: Self.photo(1))
        let stray = folder.appendingPathComponent(".incoming-1f2e3d").path
        #expect(FileManager.default.createFile(atPath: stray, contents: Data(count: 5000)))

        // MUT
        let restarted = cache()

        // validate
        #expect(!FileManager.default.fileExists(atPath: stray))
        #expect(restarted.totalSize == 600)
        #expect(bytesOnDisk() == 600)
    }

    @Test func aSmallerCapacityAtRestartEvictsTheLeastRecentlyUsed() throws {
        // setup
        let urls = (1...3).map(Self.photo)
        for url in urls { flickr.serve(FakeFlickrImages.jpeg(size: 1000, seed: 4), at: url) }
        try use([urls[1], urls[2], urls[0]], in: cache(capacity: 3000))

        // MUT
        let restarted = cache(capacity: 2000)

        // validate
        #expect(restarted.totalSize == 2000)
        #expect(cachedURLs(among: urls) == [urls[2], urls[0]])
    }

    // MARK: damaged files

    @Test(arguments: ["", "<html><body>Not found</body></html>"])
    func aDamagedCachedFileIsReplacedByAFreshFetch(damage: String) throws {
        // setup
        let image = FakeFlickrImages.jpeg(size: 700, seed: 5)
        flickr.serve(image, at: Self.photo(1))
        let cache = cache()
        let stored = try cache.file(for: Self.photo(1))
        try Data(damage.utf8).write(to: URL(fileURLWithPath: stored.path))

        // MUT
        let replaced = try cache.file(for: Self.photo(1))

        // validate
        #expect(replaced == stored)
        #expect(try FileDigest.sha256(ofFileAt: replaced.path) == FileDigest.sha256(of: image))
        #expect(flickr.fetches(of: Self.photo(1)) == 2)
        #expect(cache.totalSize == 700)
    }

    // MARK: concurrent calls

    @Test func twentyConcurrentCallsForOneImageFetchItOnce() throws {
        // setup
        flickr.serve(FakeFlickrImages.jpeg(size: 900, seed: 6), at: Self.photo(1))
        flickr.delay = 0.5
        let cache = cache()

        // MUT
        let outcomes = Self.concurrently(20) { () throws(FlickrError) in try cache.file(for: Self.photo(1)).path }

        // validate
        #expect(flickr.fetches(of: Self.photo(1)) == 1)
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { (try? $0.get()) == folder.appendingPathComponent(Self.name(of: Self.photo(1))).path })
        #expect(cache.totalSize == 900)
    }

    @Test func concurrentCallersShareTheError() throws {
        // setup
        flickr.answer(status: 500, body: [], at: Self.photo(1))
        flickr.delay = 0.5
        let cache = cache()

        // MUT
        let outcomes = Self.concurrently(20) { () throws(FlickrError) in try cache.file(for: Self.photo(1)).path }

        // validate
        #expect(flickr.fetches(of: Self.photo(1)) == 1)
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { if case .failure(.unavailable) = $0 { true } else { false } })
    }

    @Test func concurrentCallsForDifferentImagesAllStore() throws {
        // setup
        let urls = (1...8).map(Self.photo)
        for url in urls { flickr.serve(FakeFlickrImages.jpeg(size: 400, seed: 7), at: url) }
        flickr.delay = 0.05
        let cache = cache(capacity: 2000)

        // MUT
        let outcomes = Self.concurrently(urls.count) { (index) throws(FlickrError) in try cache.file(for: urls[index]).path }

        // validate
        #expect(outcomes.allSatisfy { (try? $0.get()) != nil })
        #expect(urls.allSatisfy { flickr.fetches(of: $0) == 1 })
        #expect(cache.totalSize == 2000)
        #expect(bytesOnDisk() == 2000)
    }

    /// Runs `body` on `count` threads of their own, released together.
    static func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) throws(FlickrError) -> String) -> [Result<String, FlickrError>]
    {
        let outcomes = Mutex<[Result<String, FlickrError>]>([])
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<count {
            finished.enter()
            Thread {
                start.wait()
                let outcome = Result { () throws(FlickrError) in try body(index) }
                outcomes.withLock { $0.append(outcome) }
                finished.leave()
            }.start()
        }
        for _ in 0..<count { start.signal() }
        finished.wait()
        return outcomes.withLock { $0 }
    }

    static func concurrently(_ count: Int, _ body: @escaping @Sendable () throws(FlickrError) -> String) -> [Result<String, FlickrError>] {
        concurrently(count) { (_: Int) throws(FlickrError) in try body() }
    }

    // MARK: refusals

    @Test(arguments: [404, 500])
    func anAnswerThatIsNot200ThrowsAndStoresNothing(status: Int) throws {
        // setup
        flickr.answer(status: status, body: FakeFlickrImages.jpeg(size: 300, seed: 8), at: Self.photo(1))
        let cache = cache()

        // MUT
        let error = Self.failure { () throws(FlickrError) in try cache.file(for: Self.photo(1)) }

        // validate
        #expect(error.map { if case .unavailable = $0 { true } else { false } } == true)
        #expect(cache.totalSize == 0)
        #expect(bytesOnDisk() == 0)
    }

    @Test func aRateLimitAnswerThrowsRateLimitedAndStoresNothing() throws {
        // setup
        flickr.answer(status: 429, body: [], at: Self.photo(1))
        let cache = cache()

        // MUT
        let error = Self.failure { () throws(FlickrError) in try cache.file(for: Self.photo(1)) }

        // validate
        #expect(error == .rateLimited)
        #expect(bytesOnDisk() == 0)
    }

    @Test(arguments: ["", "<html>Flickr is down</html>", "GIF89a\u{1}\u{0}\u{1}\u{0}"])
    func aBodyThatIsNotAnImageThrowsAndStoresNothing(body: String) throws {
        // setup
        flickr.answer(status: 200, body: Array(body.utf8), at: Self.photo(1))
        let cache = cache()

        // MUT
        let error = Self.failure { () throws(FlickrError) in try cache.file(for: Self.photo(1)) }

        // validate
        #expect(error.map { if case .badAnswer = $0 { true } else { false } } == true)
        #expect(cache.totalSize == 0)
        #expect(bytesOnDisk() == 0)
    }

    @Test func anImageLargerThanTheCapacityIsRefused() throws {
        // setup
        flickr.serve(FakeFlickrImages.jpeg(size: 800, seed: 9), at: Self.photo(1))
        flickr.serve(FakeFlickrImages.jpeg(size: 1001, seed: 9), at: Self.photo(2))
        let cache = cache(capacity: 1000)
        try use([Self.photo(1)], in: cache)

        // MUT
        let error = Self.failure { () throws(FlickrError) in try cache.file(for: Self.photo(2)) }

        // validate
        #expect(error != nil)
        #expect(cachedURLs(among: [Self.photo(1), Self.photo(2)]) == [Self.photo(1)])
        #expect(cache.totalSize == 800)
        #expect(bytesOnDisk() == 800)
    }

    @Test func theFetchIsLimitedToTheCapacityOrFiftyMebibytes() throws {
        // setup
        flickr.serve(FakeFlickrImages.jpeg(size: 100, seed: 10), at: Self.photo(1))

        // MUT
        _ = try cache(capacity: 3000).file(for: Self.photo(1))
        _ = try FlickrImageCache(folder: data.url.appendingPathComponent("other"), transport: flickr, clock: clock.wallClock).file(
            for: Self.photo(1))

        // validate
        #expect(flickr.limits == [3000, 50 << 20])
    }

    @Test(arguments: [FlickrError.network("the connection timed out"), .rateLimited, .unavailable("Flickr is down")])
    func aTransportErrorPassesThrough(error: FlickrError) throws {
        // setup
        flickr.fail(with: error, at: Self.photo(1))
        let cache = cache()

        // MUT
        let thrown = Self.failure { () throws(FlickrError) in try cache.file(for: Self.photo(1)) }

        // validate
        #expect(thrown == error)
        #expect(bytesOnDisk() == 0)
    }

    static func failure(_ body: () throws(FlickrError) -> (path: String, mediaType: String)) -> FlickrError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}

/// Flickr's image servers as the cache sees them: answers set by the test, fetches counted per
/// address, each optionally slowed down.
final class FakeFlickrImages: FlickrTransport {
    private enum Reply {
        case answer(FlickrHTTPAnswer)
        case failure(FlickrError)
    }

    private let replies = Mutex<[URL: Reply]>([:])
    private let counts = Mutex<[URL: Int]>([:])
    private let askedLimits = Mutex<[Int]>([])
    private let pause = Mutex<TimeInterval>(0)

    var delay: TimeInterval {
        get { pause.withLock { $0 } }
        set { pause.withLock { $0 = newValue } }
    }

    var limits: [Int] { askedLimits.withLock { $0 } }

    func serve(_ image: [UInt8], at url: URL) {
        answer(status: 200, body: image, at: url)
    }

    func answer(status: Int, body: [UInt8], at url: URL) {
        replies.withLock { $0[url] = .answer(FlickrHTTPAnswer(status: status, body: body)) }
    }

    func fail(with error: FlickrError, at url: URL) {
        replies.withLock { $0[url] = .failure(error) }
    }

    func fetches(of url: URL) -> Int {
        counts.withLock { $0[url] ?? 0 }
    }

    func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer {
        counts.withLock { $0[url, default: 0] += 1 }
        askedLimits.withLock { $0.append(limit) }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        switch replies.withLock({ $0[url] }) {
        case .answer(let answer): return answer
        case .failure(let error): throw error
        case nil: return FlickrHTTPAnswer(status: 404, body: [])
        }
    }

    /// Bytes that start as a JPEG does, `size` in all.
    static func jpeg(size: Int, seed: UInt8) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: seed, count: size - 4)
    }

    static func png(size: Int, seed: UInt8) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: seed, count: size - 8)
    }

    static func webp(size: Int) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + [UInt8](repeating: 0x20, count: size - 12)
    }
}
