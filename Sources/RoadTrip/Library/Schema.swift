import SQLite

/// The library's migrations, in order. A shipped migration is never edited: a change is a new one.
enum Schema {
    static let migrations: [Migration] = [
        Migration("001-destinations", """
            CREATE TABLE destinations (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                image_name TEXT NOT NULL,
                location_title TEXT NOT NULL,
                location_subtitle TEXT NOT NULL,
                latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                weather_url TEXT NOT NULL,
                position INTEGER NOT NULL
            );
            CREATE TABLE destination_events (
                destination_id INTEGER NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                url TEXT NOT NULL,
                PRIMARY KEY (destination_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE destination_points_of_interest (
                destination_id INTEGER NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                subtitle TEXT NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                PRIMARY KEY (destination_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE library_events (
                name TEXT PRIMARY KEY,
                happened_at TEXT NOT NULL
            );
            """),
    ]
}
