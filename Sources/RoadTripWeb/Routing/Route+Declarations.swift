import HTTPServer
import RoadTrip

extension Route {
    /// The map's coarsest cells hold the most photos: opening one is bounded work.
    static let coarsestMapCellLevel = (0...64).first { PhotoStore.isMapCell(level: $0, x: 0, y: 0) } ?? 0

    /// Every route, declared once, in its feature's file (`Routing/Features/`): its path (slots
    /// typed by the values interpolated into it), how a matching request is read back into it,
    /// and what it answers, by which controller. A new route is a case of `Route`, its example in
    /// `Route.examples` (a test fails without it), and its declaration in its feature's file (a
    /// test fails without it: an undeclared route answers nothing).
    var declaration: RouteDeclaration {
        shellRoute ?? accountRoute ?? tripRoute ?? photoRoute ?? timelineRoute ?? mapRoute ?? vacationRoute ?? sharingRoute ?? flickrRoute
            ?? RouteDeclaration.undeclared
    }
}
