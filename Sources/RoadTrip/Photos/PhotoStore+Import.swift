import Crypto
import Foundation
import Geo
import Imaging
import SQLDatabase
import TextRules
import Video

/// What became of one file given to the importer.
public enum ImportOutcome: Sendable, Equatable {
    /// With a sentence for each EXIF field left out because it was impossible (see `InspectedImage.warnings`).
    case imported(Photo, warnings: [String])
    /// The same bytes were imported before (perhaps under another name): stored once. What it
    /// lacked that the export gives beside it (a sidecar's date, position, caption) is `filled`.
    case alreadyThere(Photo, filled: PhotoFill? = nil)
    /// The other half of a Live Photo the library had (`PhotoStore+LivePhotos`): stored, and
    /// the pair is one item.
    case paired(Photo)
    /// Kept beneath the item as its other version (`PhotoStore+Versions`): an edited copy and
    /// its original are one item.
    case stacked(Photo)
    /// Not stored; the reason names what is wrong with the file, not where it is.
    case refused(String)
}

extension PhotoStore {
    /// Imports one file: checks it is a JPEG, PNG, WebP or HEIC image within the pixel limit,
    /// copies it into the library while computing its digest, reads all of its data and decodes
    /// it once, within the processor's decode budget, for the `inline` renditions (the largest by
    /// shrink-on-load, the others from it; a damaged or incomplete file is refused here), names
    /// the copy by its digest, then writes its row. The row is written last, in
    /// one transaction, so a process killed at any moment leaves either no photo or a whole one;
    /// importing again finishes the job. `fileName` is only a title, never a path. A photo its
    /// export marks a favourite (`hints`) becomes one of `account`'s; one the library has already
    /// is given what it lacks of what the export says (`fill`), whether it was found before the
    /// copy was made or another worker's copy of it was stored first.
    public func importPhoto(
        at path: String, fileName: String, by account: AccountID?,
        inline: [Rendition] = [.thumbnail, .preview], hints: ImportHints? = nil
    ) -> ImportOutcome {
        let outcome = importFile(at: path, fileName: fileName, by: account, inline: inline, hints: hints)
        guard let hints else { return outcome }
        if case .alreadyThere(let photo, _) = outcome {
            do {
                let (filled, fill) = try self.fill(photo, from: hints, by: account)
                return .alreadyThere(filled, filled: fill)
            } catch {
                return .refused("it is in the library already, but what its export says could not be added to it: \(error)")
            }
        }
        guard hints.favorite, let account else { return outcome }
        switch outcome {
        case .imported(let photo, _), .paired(let photo):
            // A process killed before this leaves it without its heart: importing it again finds
            // it already there and gives it (`fill`).
            do { try favorites.set(photo.id, favorite: true, for: account) } catch {
                if case .imported(let photo, let warnings) = outcome {
                    return .imported(photo, warnings: warnings + ["it could not be made a favourite: \(error)"])
                }
            }
        case .alreadyThere, .stacked, .refused: break
        }
        return outcome
    }

    private func importFile(at path: String, fileName: String, by account: AccountID?, inline: [Rendition], hints: ImportHints?)
        -> ImportOutcome
    {
        // A video is known by its first bytes (a photo's never look like one).
        if let head = PhotoStore.head(of: path), ImageFormat(sniffing: head) == nil,
            let container = VideoContainer(sniffing: head)
        {
            return importVideo(at: path, container: container, fileName: fileName, by: account, inline: inline, hints: hints)
        }
        let inspected: InspectedImage
        do {
            inspected = try processor.inspect(fileAt: path)
        } catch  where error == ImagingError.notAcceptedFormat {
            return .refused(PhotoStore.notAccepted)
        } catch {
            return .refused(error.description)
        }
        do {
            let (sha256, copy) = try files.stageOriginal(from: path)
            if let existing = try storedPhoto(sha256: sha256) { return .alreadyThere(existing) }
            try files.makeCheckedRenditions(inline, sha256: sha256, from: path, with: processor)
            try files.storeOriginal(copy, sha256: sha256, format: inspected.header.format)
            var warnings = inspected.warnings
            // A Motion Photo: the video inside the JPEG is its motion.
            let motion = inspected.header.format == .jpeg ? embeddedMotion(in: path, warnings: &warnings) : nil
            let metadata = hints?.filling(inspected.metadata, zone: timeZone) ?? inspected.metadata
            let undated = metadata.takenAt == nil ? hints?.undated() : nil
            if let undated { warnings.append(undated.warning) }
            let place = try locality(latitude: metadata.latitude, longitude: metadata.longitude)
            return try insert(
                inspected, metadata: metadata, sha256: sha256, byteCount: DurableFile.size(of: path) ?? 0,
                title: PhotoStore.title(fromFileName: fileName), place: place, by: account,
                motion: motion, sortedAt: undated?.sortedAt, warnings: warnings)
        } catch {
            return PhotoStore.refusal(error)
        }
    }

    /// Why a file was not stored: what is wrong with it (its image, its reading), else what failed.
    static func refusal(_ error: any Error) -> ImportOutcome {
        switch error {
        case let error as ImagingError: .refused(error.description)
        case let error as FileDigestError: .refused(error.description)
        default: .refused("it could not be stored: \(error)")
        }
    }

    /// Why a file that is neither is refused.
    public static let notAccepted = "not a photo or video RoadTrip takes (JPEG, PNG, WebP, HEIC, MP4, MOV, M4V, 3GP, WebM or Matroska)"

    /// The library's photo with these bytes, if it still has one.
    public func photo(sha256: String) throws -> Photo? {
        try database.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE sha256 = \(sha256)").map(Photo.init)
    }

    /// The time zone a position keeps its clocks in (`Gazetteer.timeZone(at:)`); nil when unknown.
    func timeZone(latitude: Double, longitude: Double) -> TimeZone? {
        guard let coordinate = Geo.Coordinate(latitude: latitude, longitude: longitude),
            let zone = try? gazetteer.gazetteer().timeZone(at: coordinate)
        else { return nil }
        return TimeZone(identifier: zone)
    }

    func locality(latitude: Double?, longitude: Double?) throws -> GazetteerPlace? {
        guard let latitude, let longitude, let coordinate = Geo.Coordinate(latitude: latitude, longitude: longitude) else { return nil }
        return try gazetteer.gazetteer().locality(for: coordinate, within: PhotoStore.placeRadius)
    }

    private func insert(
        _ image: InspectedImage, metadata: PhotoMetadata, sha256: String, byteCount: Int, title: String, place: GazetteerPlace?,
        by account: AccountID?, motion: EmbeddedMotion?, sortedAt: String?, warnings: [String]
    ) throws -> ImportOutcome {
        let now = clock.now()
        let key = PairingKey(
            identifier: metadata.appleMakerNote.flatMap(MotionParts.contentIdentifier(makerNote:)),
            title: title, takenAt: metadata.takenAt, takenOffset: metadata.takenOffset)
        var poster: String?
        let outcome: ImportOutcome = try PhotoStore.retryingOnce {
            try database.write { db in
                if motion == nil, let movie = try PhotoStore.partner(of: key, isStill: true, in: db) {
                    let (photo, old) = try PhotoStore.makeLive(
                        movie, still: image, sha256: sha256, byteCount: byteCount,
                        identifier: key.identifier, place: place, in: db)
                    poster = old
                    return .paired(photo)
                }
                if let place { try PhotoStore.record(place, in: db) }
                try db.execute(
                    """
                    INSERT INTO photos (sha256, format, byte_count, width, height, orientation, title, description, taken_at,
                        sorted_at, latitude, longitude, camera_make, camera_model, place_id, imported_at, imported_by, keywords,
                        taken_offset, gps_at, position_source, content_identifier, motion, duration_ms)
                    VALUES (\(sha256), \(image.header.format.rawValue), \(byteCount), \(image.header.width), \(image.header.height),
                        \(image.header.orientation), \(title), \(metadata.imageDescription), \(metadata.takenAt),
                        \(metadata.takenAt ?? sortedAt ?? PhotoStore.timestamp(now)), \(metadata.latitude), \(metadata.longitude),
                        \(metadata.cameraMake), \(metadata.cameraModel), \(place?.id), \(Int64(now.timeIntervalSince1970)),
                        \(account?.rawValue), \(metadata.keywords.joined(separator: ";")),
                        \(metadata.takenAt == nil ? nil : metadata.takenOffset), \(metadata.gpsTime),
                        \(metadata.latitude == nil ? nil : PositionSource.camera.rawValue),
                        \(motion == nil ? try PhotoStore.freeIdentifier(key.identifier, in: db) : nil),
                        \(motion.map { _ in Motion.motion.rawValue }), \(motion?.facts.duration))
                    ON CONFLICT (sha256) DO NOTHING
                    """)
                let inserted = db.changes > 0
                guard let row = try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE sha256 = \(sha256)") else {
                    throw FileError("cannot find the new row of", sha256)
                }
                let photo = try Photo(row: row)
                guard inserted else { return .alreadyThere(photo) }
                if let motion {
                    try insertVideoFile(
                        of: photo.id, motion.facts, container: motion.container, sha256: motion.sha256,
                        byteCount: motion.byteCount, in: db)
                }
                return .imported(photo, warnings: warnings)
            }
        }
        if let poster { removePoster(sha256: poster) }
        return outcome
    }

    /// Runs `body` again once when it is refused by a constraint: the other half of a Live
    /// Photo imported at the same moment took the identifier; the second time finds it.
    static func retryingOnce<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.isConstraintViolation {
            return try body()
        }
    }

    /// Keeps the gazetteer's names for a place photos were taken at, so lists need no gazetteer.
    static func record(_ place: GazetteerPlace, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)
            VALUES (\(place.id), \(place.name), \(place.region), \(place.country), \(place.countryCode),
                \(place.coordinate.latitude), \(place.coordinate.longitude), \(NameFolding.fold(place.name)))
            ON CONFLICT (id) DO NOTHING
            """)
    }

    /// "IMG_0042.JPG" → "IMG_0042". Control characters and text-direction overrides go (a
    /// command-line import's names are not cleaned by the upload's parser); a very long name is cut.
    static func title(fromFileName fileName: String) -> String {
        let last = fileName.split(separator: "/").last.map(String.init) ?? ""
        var stem = last.hasPrefix(".") ? last : last.lastIndex(of: ".").map { String(last[..<$0]) } ?? last
        // A Pixel's marks, not the photo's name: the still of a Motion Photo (`PXL_1.MP.jpg`, and
        // `PXL_1.MP~2.jpg`) and its motion (`PXL_1.MP`, then named `PXL_1`), a long shot
        // (`PXL_1.LS.mp4`): each half is "PXL_1", by which the halves pair.
        if let marked = stem.firstMatch(of: /\.(?i:mp(~[0-9]{1,3})?|ls)$/), marked.range.lowerBound > stem.startIndex {
            stem = String(stem[..<marked.range.lowerBound])
        }
        let clean = String(
            String.UnicodeScalarView(
                stem.unicodeScalars.filter {
                    !$0.properties.isNoncharacterCodePoint && $0.properties.generalCategory != .control
                        && !DirectionOverrides.isOverride($0)
                }))
        return String(clean.trimmingCharacters(in: .whitespaces).prefix(200))
    }

    /// The sort key of a photo without a date: when it was imported, in the date format of `taken_at`.
    /// `timestamp` of seconds since 1970: "2026-12-06T23:40:00", UTC.
    public static func timestampText(_ seconds: Int64) -> String {
        timestamp(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
