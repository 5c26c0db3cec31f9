import RoadTrip

/// The addresses a device keeps of a vacation, in order: its screens, each list's grid and each
/// photo in it, every photo's pictures, every page of its book, and where places show, the
/// basemap's tiles its maps draw (`BasemapPack.tilesToKeep`). A part is made alone: only the
/// photos of the lists it reaches are read, so a part of a vacation of 5,000 photos costs what a
/// part of one of 50 does.
struct VacationKeepRoutes {
    let opening: VacationOpening
    /// The server's basemap, if it has one.
    var basemap: BasemapPack? = nil

    /// A run of the list's addresses: how many, and how to make those from an offset (within the run).
    private struct Run {
        let count: Int
        let routes: (_ offset: Int, _ count: Int) throws -> [Route]
    }

    /// The addresses from `first` (at most `size`), where they start, and how many the list has.
    func part(from first: Int, size: Int) throws -> (routes: [Route], start: Int, total: Int) {
        let runs = try self.runs()
        let total = runs.reduce(0) { $0 + $1.count }
        let start = min(max(0, first), total), end = min(start + max(0, size), total)
        var routes: [Route] = []
        var position = 0
        for run in runs {
            let from = max(start, position), to = min(end, position + run.count)
            if from < to { routes += try run.routes(from - position, to - from) }
            position += run.count
        }
        return (routes, start, total)
    }

    private func runs() throws -> [Run] {
        let addresses = opening.addresses
        let contents = opening.contents
        var screens: [Route] = (opening.isLink ? [] : [.vacations]) + [addresses.menu]
        if opening.reveal.showWhere { screens.append(addresses.itinerary) }
        screens.append(addresses.tags(query: nil))
        // A place's list only where places show.
        let lists = try contents.listLengths().filter { list in
            if case .place = list.filter { opening.reveal.showWhere } else { true }
        }
        let photoCount = lists.first { $0.filter == .all }?.count ?? 0
        var runs = [Run(count: screens.count) { offset, count in Array(screens[offset..<(offset + count)]) }]
        for (filter, count) in lists {
            runs.append(Run(count: 1) { _, _ in [addresses.photos(filter)] })
            runs.append(
                Run(count: count) { offset, count in
                    try contents.photoIDs(filter, offset: offset, limit: count).map { addresses.photo($0, filter) }
                })
        }
        // Two a photo: its thumbnail, then its preview.
        runs.append(
            Run(count: 2 * photoCount) { offset, count in
                let firstPhoto = offset / 2, lastPhoto = (offset + count - 1) / 2
                let pictures = try contents.photoIDs(.all, offset: firstPhoto, limit: lastPhoto - firstPhoto + 1)
                    .flatMap { [addresses.image($0, .thumbnail), addresses.image($0, .preview)] }
                return Array(pictures.dropFirst(offset % 2).prefix(count))
            })
        runs.append(Run(count: photoCount) { offset, count in (offset..<(offset + count)).map { addresses.book($0 + 1) } })
        if let basemap, opening.reveal.showWhere {
            let tiles = BasemapPack.tilesToKeep(over: try opening.itinerary().compactMap(\.coordinate))
            runs.append(
                Run(count: tiles.count) { offset, count in
                    tiles[offset..<(offset + count)].map { .basemapTile($0, version: basemap.version) }
                })
        }
        return runs
    }
}
