import SQLDatabase

/// The vacation document: one SQLite file that holds a vacation on its own — the photos'
/// metadata, their places and tags, and a preview-size copy of each image — so it can be
/// exported, sent and imported elsewhere. What exports write and imports read; an older
/// RoadTrip also kept each vacation in one (`vacations/<id>.vacation`) until they were moved
/// into the library.
///
/// Marked as ours by `application_id` and versioned by `user_version`, the number of the
/// format's migrations it has had (`Migrator`'s `.userVersion` record). A file is imported when
/// it is ours, of a version this RoadTrip knows, and holds exactly the tables of that version;
/// an older one is brought up to date on the private copy an import reads.
enum VacationFormat {
    /// "RTVa" in ASCII.
    static let applicationID: Int32 = 0x5254_5661
    /// The format's history, in order; a change is a new migration, never an edit (documents in
    /// the world carry each version's tables as these scripts wrote them).
    static let migrations = [
        Migration("1-vacation", tablesOfVersionOne),
        // Which photos are titled by their file's name, which a link hiding where or when does not show.
        Migration(
            "2-title-from-file",
            "ALTER TABLE photos ADD COLUMN title_from_file INTEGER NOT NULL DEFAULT 0 CHECK (title_from_file IN (0, 1));"),
    ]
    static let tables: Set<String> = ["vacation", "places", "photos", "tags", "photo_tags"]

    /// The largest document accepted for import.
    static let maximumFileSize = 1 << 30
    /// The most photos a document may hold (imported or visited).
    static let maximumPhotos = 20_000

    /// Version 1: the tables of every document written before the format had migrations.
    static let tablesOfVersionOne = """
        CREATE TABLE vacation (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            name TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE places (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            region TEXT,
            country TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL
        );
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY,
            sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
            title TEXT NOT NULL,
            subtitle TEXT,
            taken_at TEXT,
            sorted_at TEXT NOT NULL,
            latitude REAL,
            longitude REAL,
            camera TEXT,
            place_id INTEGER REFERENCES places(id),
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            preview BLOB NOT NULL,
            thumbnail BLOB NOT NULL,
            added_at INTEGER NOT NULL
        );
        CREATE INDEX photos_by_date ON photos(sorted_at, id);
        CREATE INDEX photos_by_place ON photos(place_id, sorted_at);
        CREATE TABLE tags (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE
        );
        CREATE TABLE photo_tags (
            photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
            PRIMARY KEY (photo_id, tag_id)
        ) WITHOUT ROWID;
        CREATE INDEX photo_tags_by_tag ON photo_tags(tag_id);
        """
}
