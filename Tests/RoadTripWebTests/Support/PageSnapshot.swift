import Foundation
import HTTPServer
import RoadTrip
import Testing
import TestSupport

extension WebFixture {
    /// Expects the page `visitor` was answered with to be the one recorded as `name`: its status,
    /// then its HTML as `PageSnapshotTests.normalized` keeps it, compared with
    /// `Pages/__Snapshots__/<the test's file name>/<name>.html` (`RECORD_SNAPSHOTS=1` records it again).
    /// A page of a share link, or one showing a new link's address, names `link` LINK-TOKEN.
    func expectPage(
        _ response: Response, recordedAs name: String, seenBy visitor: Visitor, link: ShareToken? = nil, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let suite = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        let page = PageSnapshotTests.normalized(response.bodyText, token: visitor.formToken, folder: folder.path, link: link?.text)
        let file = PageSnapshotTests.snapshots(of: suite).appendingPathComponent("\(name).html")
        if let mismatch = TestSupport.Snapshot.mismatch("\(response.status.code)\n" + page, recordedIn: file) {
            Issue.record("\(name): \(mismatch)", sourceLocation: sourceLocation)
        }
    }
}
