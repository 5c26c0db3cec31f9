/// What the library keeps of videos (migration 020 on SQLite, 015 on PostgreSQL).
///
/// - A video is a row of `photos` like any photo (its place, its day, its spot on the map, its
///   vacations): `photos.sha256` is the video file's digest (so the same video imported twice is
///   stored once), its "original" image is the poster RoadTrip took from it (a JPEG named by
///   that digest), and `motion` says it plays, `duration_ms` for how long.
/// - `videos` holds the video file itself: its container and streams, and its rendition's
///   state (the MP4 every browser plays, made in the background).
/// - `motion` is also where a Live Photo's or a Motion Photo's still says it moves.
enum VideoSchema {
    static func migration(integer: String, real: String) -> String {
        """
        ALTER TABLE photos ADD COLUMN motion TEXT CHECK (motion IN ('video', 'live', 'motion'));
        ALTER TABLE photos ADD COLUMN duration_ms \(integer) CHECK (duration_ms > 0);
        CREATE TABLE videos (
            photo_id \(integer) PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
            sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
            container TEXT NOT NULL CHECK (container IN ('mp4', 'mov', 'm4v', '3gp', 'webm', 'mkv')),
            byte_count \(integer) NOT NULL CHECK (byte_count >= 0),
            width \(integer) NOT NULL,
            height \(integer) NOT NULL,
            rotation \(integer) NOT NULL DEFAULT 0,
            video_codec TEXT NOT NULL,
            audio_codec TEXT,
            content_identifier TEXT,
            rendition TEXT NOT NULL DEFAULT 'pending' CHECK (rendition IN ('pending', 'ready', 'failed')),
            rendition_way TEXT CHECK (rendition_way IN ('remux', 'transcode')),
            rendition_percent \(integer) NOT NULL DEFAULT 0 CHECK (rendition_percent BETWEEN 0 AND 100),
            rendition_error TEXT,
            rendition_byte_count \(integer)
        );
        CREATE INDEX videos_by_content_identifier ON videos(content_identifier) WHERE content_identifier IS NOT NULL;
        CREATE INDEX videos_by_rendition ON videos(rendition) WHERE rendition <> 'ready';
        """
    }

    /// A Live Photo's halves find each other by Apple's content identifier, whichever comes
    /// first: the item (a still, or a video waiting for its still) keeps it, at most one item
    /// an identifier — two imports of a pair at once cannot both make an item of their own.
    static let livePhotos = """
        ALTER TABLE photos ADD COLUMN content_identifier TEXT;
        CREATE UNIQUE INDEX photos_by_content_identifier ON photos(content_identifier) WHERE content_identifier IS NOT NULL;
        """

    static let sqlite = migration(integer: "INTEGER", real: "REAL")
    static let postgreSQL = migration(integer: "BIGINT", real: "DOUBLE PRECISION")
}
