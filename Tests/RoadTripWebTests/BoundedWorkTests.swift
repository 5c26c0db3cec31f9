import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Long work (exports, keep lists, coarse map cells, uploads) takes a bounded number of request
/// threads: beyond its bound a request is answered at once, 503 with Retry-After, and the
/// rest of RoadTrip goes on answering.
@Suite struct BoundedWorkTests {
    let web: WebFixture
    let ann: Visitor
    let vacation: Int64

    init() throws {
        web = try WebFixture(workLimits: WorkAdmission.Limits(perKind: 1, total: 2))
        ann = try web.signedIn()
        try web.library.trips.choose(try web.destination(named: "New York City").id, for: try ann.account(in: web).id)
        let created = ann.post(Route.newVacation.path, [("name", "Alps")])
        vacation = try #require(created.location.flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } })
    }

    @Test func withItsKindFullTheNextKeepListIsAnsweredBusyWhileHealthzAndOtherWorkAnswer() throws {
        // setup: one keep list in progress, as a request on another thread would hold it
        #expect(web.app.work.enter(.keepList))

        // MUT
        let busy = ann.get(Route.tripKeepList.path)
        let health = web.get(Route.health.path)
        let page = ann.get(Route.home.path)
        let export = ann.get(Route.vacationExport(id: vacation).path)
        web.app.work.leave(.keepList)
        let after = ann.get(Route.tripKeepList.path)

        // validate
        #expect(busy.status == .serviceUnavailable)
        #expect(busy.headers["Retry-After"] == String(WorkAdmission.retryAfter))
        #expect(
            busy.message.contains("RoadTrip is listing what other devices keep just now. Try again in a few seconds."), "\(busy.message)")
        #expect(health.status == .ok)
        #expect(page.status == .ok)
        #expect(export.status == .ok, "another kind has its own bound")
        #expect(after.status == .ok, "a place is free again once the work ends")
        #expect(web.app.work.inProgress(.keepList) == 0)
    }

    @Test func withAllKindsTogetherAtTheirBoundEveryKindIsAnsweredBusy() throws {
        // setup
        #expect(web.app.work.enter(.export))
        #expect(web.app.work.enter(.mapCell))
        defer {
            web.app.work.leave(.export)
            web.app.work.leave(.mapCell)
        }

        // MUT
        let keepList = ann.get(Route.vacationKeepList(id: vacation).path)
        let health = web.get(Route.health.path)

        // validate
        #expect(keepList.status == .serviceUnavailable)
        #expect(keepList.headers["Retry-After"] == String(WorkAdmission.retryAfter))
        #expect(health.status == .ok)
    }

    @Test func aRefusedUploadSaysNothingWasImported() throws {
        // setup
        let uploads = try PhotoUploads()
        let photo = try uploads.draw("harbour.jpg")
        let body = try uploads.multipart(token: ann.formToken, files: [("harbour.jpg", photo)])
        var headers = Headers()
        headers["Content-Type"] = body.contentType
        let photosBefore = try web.rows(in: "photos")
        #expect(web.app.work.enter(.upload))
        defer { web.app.work.leave(.upload) }

        // MUT
        let form = ann.get(Route.upload.path)
        let upload = ann.send("POST", Route.upload.path, headers: headers, bodyFile: body.path)

        // validate
        #expect(form.status == .ok, "the form itself is quick work")
        #expect(upload.status == .serviceUnavailable)
        #expect(upload.message.contains("Nothing of this one was imported"), "\(upload.message)")
        #expect(try web.rows(in: "photos") == photosBefore, "nothing imported")
    }

    /// What uploads.js waits on before sending the file again.
    @Test func aBusyFileUploadAnswers503WithTheSecondsToWait() throws {
        // setup
        let photo = try PhotoUploads().draw("harbour.jpg")
        var headers = Headers()
        headers["Content-Type"] = "application/octet-stream"
        guard let token = ann.formToken else {
            Issue.record("Ann's page gave no form token")
            return
        }
        headers["X-CSRF-Token"] = token
        #expect(web.app.work.enter(.upload))
        defer { web.app.work.leave(.upload) }

        // MUT
        let upload = ann.send("POST", Route.uploadFile(name: "harbour.jpg").path, headers: headers, bodyFile: photo)

        // validate
        #expect(upload.status == .serviceUnavailable)
        #expect(upload.headers["Retry-After"] == String(WorkAdmission.retryAfter))
    }

    @Test func whileOtherPhotosArePlacedAPlanIsAnsweredBusyAndNothingChanges() throws {
        // setup
        let uploads = try PhotoUploads()
        _ = web.library.photos.importPhoto(at: try uploads.draw("tram.jpg", at: nil), fileName: "tram.jpg", by: nil)
        #expect(web.app.work.enter(.placing))
        defer { web.app.work.leave(.placing) }

        // MUT
        let plan = ann.get(Route.placing(track: nil).path)
        let place = ann.post(Route.placeMany(query: nil).path, [("photos", "1"), ("latitude", "10"), ("longitude", "10")])

        // validate
        #expect(plan.status == .serviceUnavailable && plan.message.contains("Nothing was changed"), "\(plan.message)")
        #expect(place.status == .serviceUnavailable)
        #expect(try web.library.photos.photo(id: 1)?.latitude == nil)
    }

    @Test func eachKindOfLongWorkIsDeclaredOnItsRoutes() {
        // MUT + validate
        #expect(Route.vacationExport(id: 1).declaration.bound(for: "GET") == .export)
        #expect(Route.vacationExport(id: 1).declaration.bound(for: "HEAD") == .export)
        #expect(Route.tripKeepList.declaration.bound(for: "GET") == .keepList)
        #expect(Route.tripKeepListPart(from: 100).declaration.bound(for: "GET") == .keepList)
        #expect(Route.vacationKeepList(id: 1).declaration.bound(for: "GET") == .keepList)
        #expect(Route.photoMapCell(level: Route.coarsestMapCellLevel, x: 0, y: 0).declaration.bound(for: "GET") == .mapCell)
        #expect(
            Route.photoMapCell(level: Route.coarsestMapCellLevel + 2, x: 0, y: 0).declaration.bound(for: "GET") == nil,
            "a finer cell is quick")
        for route in [Route.upload, .uploadFile(name: "a.jpg"), .vacationImport] {
            #expect(route.declaration.bound(for: "POST") == .upload, "\(route)")
            #expect(route.declaration.bound(for: "GET") == nil, "\(route)")
        }
        #expect(Route.placing(track: nil).declaration.bound(for: "GET") == .placing, "a plan reads every track of the photos' days")
        #expect(Route.placing(track: 1).declaration.bound(for: "POST") == .placing)
        #expect(Route.placeMany(query: nil).declaration.bound(for: "POST") == .placing)
        #expect(Route.placeMany(query: nil).declaration.bound(for: "GET") == nil, "choosing where is quick")
        #expect(Route.home.declaration.bound(for: "GET") == nil)
        #expect(Route.health.declaration.bound(for: "GET") == nil)
    }

    @Test(arguments: 1...16) func theBoundsLeaveRequestThreadsFree(threads: Int) {
        // MUT
        let limits = WorkAdmission.Limits.leavingThreadsFree(requestThreads: threads)

        // validate
        let served = max(2, threads)
        #expect(limits.total < served && limits.perKind < served)
        #expect(limits.perKind >= 1 && limits.total >= limits.perKind)
    }
}
