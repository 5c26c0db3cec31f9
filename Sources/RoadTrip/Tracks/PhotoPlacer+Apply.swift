import Geo
import SQLDatabase

/// One time positions were given to photos, as Undo and Info see it.
public struct Placement: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let madeAt: Int64
    public let madeBy: AccountID?
    public let photoCount: Int
    public let undoneAt: Int64?
}

/// Where a photo's position came from, as its Info says it.
public struct PositionOrigin: Sendable, Equatable {
    public let source: PositionSource
    /// The track's name (`.track`), kept when the track has since been removed.
    public let trackName: String?
    public let trackRemoved: Bool
    /// Who placed it (`.hand`, and who ran a placement from tracks or estimates).
    public let placedBy: String?
    public let placedAt: Int64?
}

extension PhotoPlacer {
    /// One photo's new position, and how it was found.
    struct Move {
        let photoID: Int64
        let latitude: Double
        let longitude: Double
        let source: PositionSource
        var trackID: Int64? = nil
        var trackName: String? = nil
        var place: GazetteerPlace?
    }

    /// Places what the plan proposes, for photos that still have no position (one placed by
    /// someone else meanwhile keeps theirs). Nil when none was placed.
    @discardableResult
    public func apply(_ plan: PlacementPlan, by account: AccountID?) throws -> Placement? {
        let moves = try plan.proposals.map { proposal in
            Move(
                photoID: proposal.photoID, latitude: proposal.latitude, longitude: proposal.longitude, source: proposal.source,
                trackID: proposal.trackID, trackName: proposal.trackName,
                place: try photos.locality(latitude: proposal.latitude, longitude: proposal.longitude))
        }
        return try record(moves, onlyWithoutPosition: true, by: account)
    }

    /// Puts photos at a point a person chose on the map, whatever position they had.
    @discardableResult
    public func place(_ photoIDs: [Int64], at coordinate: Coordinate, by account: AccountID?) throws -> Placement? {
        let place = try photos.locality(latitude: coordinate.latitude, longitude: coordinate.longitude)
        let moves = photoIDs.prefix(Self.maximumPhotos).map {
            Move(photoID: $0, latitude: coordinate.latitude, longitude: coordinate.longitude, source: .hand, place: place)
        }
        return try record(moves, onlyWithoutPosition: false, by: account)
    }

    /// Puts photos at a place a person found by name (the gazetteer's id): its position, and it as their place.
    @discardableResult
    public func place(_ photoIDs: [Int64], atPlace placeID: Int64, by account: AccountID?) throws -> Placement? {
        guard let place = try photos.gazetteer.gazetteer().place(id: placeID) else { return nil }
        let moves = photoIDs.prefix(Self.maximumPhotos).map {
            Move(photoID: $0, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude, source: .hand, place: place)
        }
        return try record(moves, onlyWithoutPosition: false, by: account)
    }

    /// Writes the moves in one transaction, each photo's previous position kept for Undo; the
    /// places' counts and the map's cells follow by their triggers, the vacations holding the
    /// photos here.
    private func record(_ moves: [Move], onlyWithoutPosition: Bool, by account: AccountID?) throws -> Placement? {
        guard !moves.isEmpty else { return nil }
        let now = clock.seconds
        return try database.write { db in
            let id = try db.insertReturningID(
                "INSERT INTO placements (made_at, made_by, photo_count) VALUES (\(now), \(account?.rawValue), 0)")
            let condition: SQL = onlyWithoutPosition ? " AND latitude IS NULL" : ""
            var count = 0
            var recorded = Set<Int64>()
            for move in moves {
                try db.execute(
                    """
                    INSERT INTO placement_photos (placement_id, photo_id, track_id, track_name, was_latitude, was_longitude, was_place_id,
                        was_source, was_placement_id)
                    SELECT \(id), id, \(move.trackID), \(move.trackName), latitude, longitude, place_id, position_source, placement_id
                    FROM photos WHERE id = \(move.photoID)\(sql: condition)
                    ON CONFLICT (placement_id, photo_id) DO NOTHING
                    """)
                guard db.changes > 0 else { continue }
                if let place = move.place, recorded.insert(place.id).inserted { try PhotoStore.record(place, in: db) }
                try db.execute(
                    """
                    UPDATE photos SET latitude = \(move.latitude), longitude = \(move.longitude), place_id = \(move.place?.id),
                        position_source = \(move.source.rawValue), placement_id = \(id)
                    WHERE id = \(move.photoID)
                    """)
                count += 1
            }
            guard count > 0 else {
                try db.execute("DELETE FROM placements WHERE id = \(id)")
                return nil
            }
            try db.execute("UPDATE placements SET photo_count = \(count) WHERE id = \(id)")
            try Self.updateVacations(ofPlacement: id, in: db)
            return Placement(id: id, madeAt: now, madeBy: account, photoCount: count, undoneAt: nil)
        }
    }

    /// Puts the placement's photos back as they were, those not placed again since. The number put back.
    @discardableResult
    public func undo(_ id: Int64) throws -> Int {
        let now = clock.seconds
        return try database.write { db in
            guard let undone: Int64? = try db.fetchOne("SELECT undone_at FROM placements WHERE id = \(id)").map({ try $0["undone_at"] }),
                undone == nil
            else { return 0 }
            try db.execute(
                """
                UPDATE photos SET
                    latitude = (SELECT was_latitude FROM placement_photos WHERE placement_id = \(id) AND photo_id = photos.id),
                    longitude = (SELECT was_longitude FROM placement_photos WHERE placement_id = \(id) AND photo_id = photos.id),
                    place_id = (SELECT was_place_id FROM placement_photos WHERE placement_id = \(id) AND photo_id = photos.id),
                    position_source = (SELECT was_source FROM placement_photos WHERE placement_id = \(id) AND photo_id = photos.id),
                    placement_id = (SELECT was_placement_id FROM placement_photos WHERE placement_id = \(id) AND photo_id = photos.id)
                WHERE placement_id = \(id)
                """)
            let count = db.changes
            try db.execute("UPDATE placements SET undone_at = \(now) WHERE id = \(id)")
            try Self.updateVacations(ofPlacement: id, in: db)
            return count
        }
    }

    public func placement(id: Int64) throws -> Placement? {
        try database.fetchOne("SELECT id, made_at, made_by, photo_count, undone_at FROM placements WHERE id = \(id)").map { row in
            Placement(
                id: try row["id"], madeAt: try row["made_at"], madeBy: (try row["made_by"] as Int64?).map(AccountID.init),
                photoCount: try row["photo_count"], undoneAt: try row["undone_at"])
        }
    }

    /// Where the photo's position came from; nil for a photo without one.
    public func origin(of photo: Photo) throws -> PositionOrigin? {
        guard let source = photo.positionSource else { return nil }
        guard let placementID = photo.placementID else {
            return PositionOrigin(source: source, trackName: nil, trackRemoved: false, placedBy: nil, placedAt: nil)
        }
        let row = try database.fetchOne(
            """
            SELECT placement_photos.track_id, placement_photos.track_name, placements.made_at, accounts.name
            FROM placement_photos JOIN placements ON placements.id = placement_photos.placement_id
                LEFT JOIN accounts ON accounts.id = placements.made_by
            WHERE placement_photos.placement_id = \(placementID) AND placement_photos.photo_id = \(photo.id)
            """)
        let trackName: String? = try row?["track_name"]
        let trackID: Int64? = try row?["track_id"]
        return PositionOrigin(
            source: source, trackName: trackName, trackRemoved: source == .track && trackID == nil,
            placedBy: try row?["name"], placedAt: try row?["made_at"])
    }

    /// The vacations holding the placement's photos take their new positions and places (their
    /// itineraries gain a place, or lose one no photo is at any more).
    static func updateVacations(ofPlacement id: Int64, in db: any Connection) throws {
        let rows = try db.fetchAll(
            """
            SELECT vacation_photos.vacation_id, vacation_photos.id, photos.latitude, photos.longitude, photos.place_id
            FROM placement_photos JOIN photos ON photos.id = placement_photos.photo_id
                JOIN vacation_photos ON vacation_photos.sha256 = photos.sha256
            WHERE placement_photos.placement_id = \(id)
            """
        ) { row in
            (
                vacation: try row["vacation_id"] as Int64, photo: try row["id"] as Int64, latitude: try row["latitude"] as Double?,
                longitude: try row["longitude"] as Double?, place: try row["place_id"] as Int64?
            )
        }
        for row in rows {
            if let place = row.place {
                try db.execute(
                    """
                    INSERT INTO vacation_places (vacation_id, id, name, region, country, latitude, longitude)
                    SELECT \(row.vacation), id, name, region, country, latitude, longitude FROM places WHERE id = \(place)
                    ON CONFLICT (vacation_id, id) DO NOTHING
                    """)
            }
            try db.execute(
                """
                UPDATE vacation_photos SET latitude = \(row.latitude), longitude = \(row.longitude), place_id = \(row.place)
                WHERE vacation_id = \(row.vacation) AND id = \(row.photo)
                """)
        }
        for vacation in Set(rows.map(\.vacation)) {
            try db.execute(
                """
                DELETE FROM vacation_places WHERE vacation_id = \(vacation)
                    AND id NOT IN (SELECT place_id FROM vacation_photos WHERE vacation_id = \(vacation) AND place_id IS NOT NULL)
                """)
            try VacationContents.changed(vacation, in: db)
        }
    }
}
