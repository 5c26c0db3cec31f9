import Foundation

/// The addresses RoadTrip's scripts ask for, built from `Route` so that no script writes one. A
/// page carries those of the pages' scripts as JSON in its body's `data-addresses` (`Shell`; read
/// by shared.js's `address`); the service worker, which has no page, gets its own in the line the
/// server writes above its script (`AssetCatalog`), beside the assets'. Addresses with a slot
/// (a photo's Visit) are not here: a script tells those by their shape.
enum ScriptAddresses {
    /// For the pages' scripts: where the service worker is registered from (offline.js), where a
    /// fresh form token is asked and which change adds a vacation (outbox.js).
    static let page: [String: String] = [
        "serviceWorker": Route.serviceWorker.path,
        "formToken": Route.formToken.path,
        "newVacation": Route.newVacation.path,
    ]

    /// For the service worker: the offline page it keeps, the health check it asks whether RoadTrip
    /// answers, the folder every asset is served from, itself, and the change that adds a vacation
    /// (which may wait in the outbox), where the basemap's tiles are (one not kept is missing, quietly,
    /// while RoadTrip is away); and not an
    /// address, the policy RoadTrip serves saved copies under now, which the worker adds to a kept
    /// copy's (`SecurityHeaders.savedCopyPolicy`).
    static func serviceWorker(copyPolicy: String) -> [String: String] {
        [
            "offlinePage": Route.offline.path,
            "health": Route.health.path,
            "assets": Route.asset("").path,
            "serviceWorker": Route.serviceWorker.path,
            "newVacation": Route.newVacation.path,
            "basemapTiles": Route.basemapTile(BasemapTile(z: 0, x: 0, y: 0)!, version: nil).path.replacingOccurrences(
                of: "0-0-0", with: ""),
            "copyPolicy": copyPolicy,
        ]
    }

    static let pageJSON = json(page)

    /// The addresses as one JSON object, its keys in order (the worker's line changes only when one does).
    static func json(_ addresses: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A dictionary of strings always encodes.
        return (try? encoder.encode(addresses)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
