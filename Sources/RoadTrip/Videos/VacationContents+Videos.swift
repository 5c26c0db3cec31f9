import SQLDatabase

/// A vacation's photo that plays from the library's rendition: a video, or a Live or Motion
/// Photo's motion.
public struct VacationMovie: Sendable, Equatable {
    /// The vacation's photo.
    public let photoID: Int64
    /// A video (not a still's motion).
    public let isVideo: Bool
    /// The rendition's size: what keeping it on a device costs.
    public let byteCount: Int
}

extension VacationContents {
    /// What of the vacation plays now (its rendition made, the library still has it), in date
    /// order: what keeping its videos on a device adds. One query, whatever the vacation's size.
    public func movies() throws -> [VacationMovie] {
        try database.fetchAll(
            """
            SELECT vacation_photos.id, photos.motion, videos.rendition_byte_count FROM vacation_photos
            JOIN photos ON photos.sha256 = vacation_photos.sha256
            JOIN videos ON videos.photo_id = photos.id
            WHERE vacation_photos.vacation_id = \(id) AND videos.rendition = 'ready' AND videos.rendition_byte_count IS NOT NULL
            ORDER BY vacation_photos.sorted_at, vacation_photos.id
            """
        ) { row in
            VacationMovie(
                photoID: try row["id"], isVideo: (try row["motion"] as String?) == Motion.video.rawValue,
                byteCount: max(0, try row["rendition_byte_count"] as Int))
        }
    }
}
