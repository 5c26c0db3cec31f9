/// The grid the photo map is counted on. Level L divides the world into 2^L columns of
/// 360/2^L degrees and 2^(L-1) rows of the same height, counted from 180° W and 90° S. A photo
/// with a position knows its cell at the finest level (16: 0.0055°, about 600 m at the
/// equator) as the generated columns `map_x` and `map_y`, and their bits interleaved as `map_z`
/// (a Z-order curve): the photos of any cell at any level are one range of `map_z`, read from
/// one index. `photo_map_cells` counts the photos of every non-empty cell at the levels the map
/// reads, with the sums of their positions (the cluster is drawn at their mean), kept by triggers.
enum PhotoMapGrid {
    static let finestLevel = 16
    /// Every second level: a view's cells are at most four times as many as it shows clusters.
    static let levels = Array(stride(from: 2, through: finestLevel, by: 2))

    static var columns: Int64 { 1 << Int64(finestLevel) }

    /// Cell size in degrees at `level`.
    static func cellSize(at level: Int) -> Double {
        360 / Double(1 << level)
    }

    /// The finest column of a longitude, and row of a latitude, as SQL over `longitude`/`latitude`
    /// (NULL without a position). SQLite's CAST truncates, which for these non-negative values
    /// is floor; PostgreSQL's rounds, so it floors first.
    static func sqliteColumn() -> String {
        "max(0, min(\(columns - 1), CAST((longitude + 180.0) * \(columns) / 360.0 AS INTEGER)))"
    }

    static func sqliteRow() -> String {
        "max(0, min(\(columns / 2 - 1), CAST((latitude + 90.0) * \(columns) / 360.0 AS INTEGER)))"
    }

    /// GREATEST and LEAST pass over a NULL, so a photo without a position is tested for first.
    static func postgreSQLColumn() -> String {
        "(CASE WHEN longitude IS NULL OR latitude IS NULL THEN NULL "
            + "ELSE GREATEST(0, LEAST(\(columns - 1), floor((longitude + 180.0) * \(columns) / 360.0)::bigint)) END)"
    }

    static func postgreSQLRow() -> String {
        "(CASE WHEN longitude IS NULL OR latitude IS NULL THEN NULL "
            + "ELSE GREATEST(0, LEAST(\(columns / 2 - 1), floor((latitude + 90.0) * \(columns) / 360.0)::bigint)) END)"
    }

    /// `x` and `y` interleaved (x in the even bits): the Z-order key, as SQL.
    static func interleaved(x: String, y: String) -> String {
        "(\(spread(x)) | (\(spread(y)) << 1))"
    }

    /// Moving 16 bits to the even bits of 32: each step shifts and masks.
    private static let spreadSteps: [(shift: Int64, mask: Int64)] = [
        (8, 0x00FF_00FF), (4, 0x0F0F_0F0F), (2, 0x3333_3333), (1, 0x5555_5555),
    ]

    /// The 16 bits of `value` moved to the even bits of 32.
    private static func spread(_ value: String) -> String {
        var expression = value
        for (shift, mask) in spreadSteps {
            expression = "((\(expression) | (\(expression) << \(shift))) & \(mask))"
        }
        return expression
    }

    /// The same in Swift, for the tests and for reading a cell's range.
    static func interleave(x: Int64, y: Int64) -> Int64 {
        func spread(_ value: Int64) -> Int64 {
            var v = value
            for (shift, mask) in spreadSteps {
                v = (v | (v << shift)) & mask
            }
            return v
        }
        return spread(x) | (spread(y) << 1)
    }

    static var levelList: String { levels.map { "(\($0))" }.joined(separator: ", ") }

    /// Migration 010 (SQLite).
    static var sqliteMigration: String {
        """
        ALTER TABLE photos ADD COLUMN map_x INTEGER GENERATED ALWAYS AS (\(sqliteColumn())) VIRTUAL;
        ALTER TABLE photos ADD COLUMN map_y INTEGER GENERATED ALWAYS AS (\(sqliteRow())) VIRTUAL;
        ALTER TABLE photos ADD COLUMN map_z INTEGER GENERATED ALWAYS AS (\(interleaved(x: "map_x", y: "map_y"))) VIRTUAL;
        CREATE INDEX photos_on_map ON photos(map_z) WHERE map_z IS NOT NULL;
        CREATE TABLE photo_map_levels (level INTEGER PRIMARY KEY);
        INSERT INTO photo_map_levels (level) VALUES \(levelList);
        CREATE TABLE photo_map_cells (
            level INTEGER NOT NULL,
            cell_y INTEGER NOT NULL,
            cell_x INTEGER NOT NULL,
            photo_count INTEGER NOT NULL CHECK (photo_count >= 0),
            latitude_sum REAL NOT NULL,
            longitude_sum REAL NOT NULL,
            PRIMARY KEY (level, cell_y, cell_x)
        ) WITHOUT ROWID;
        INSERT INTO photo_map_cells (level, cell_y, cell_x, photo_count, latitude_sum, longitude_sum)
            SELECT l.level, p.map_y >> (\(finestLevel) - l.level), p.map_x >> (\(finestLevel) - l.level), count(*), \
            sum(p.latitude), sum(p.longitude)
            FROM photos p, photo_map_levels l WHERE p.map_z IS NOT NULL GROUP BY 1, 2, 3;
        CREATE TRIGGER photos_on_map_in AFTER INSERT ON photos WHEN new.map_z IS NOT NULL BEGIN
            \(sqliteCounted(in: "new"))
        END;
        CREATE TRIGGER photos_on_map_out AFTER DELETE ON photos WHEN old.map_z IS NOT NULL BEGIN
            \(sqliteCounted(out: "old"))
        END;
        CREATE TRIGGER photos_on_map_moved_out AFTER UPDATE OF latitude, longitude ON photos WHEN old.map_z IS NOT NULL BEGIN
            \(sqliteCounted(out: "old"))
        END;
        CREATE TRIGGER photos_on_map_moved_in AFTER UPDATE OF latitude, longitude ON photos WHEN new.map_z IS NOT NULL BEGIN
            \(sqliteCounted(in: "new"))
        END;
        """
    }

    private static func sqliteCells(of row: String) -> String {
        "SELECT level, \(row).map_y >> (\(finestLevel) - level), \(row).map_x >> (\(finestLevel) - level) FROM photo_map_levels"
    }

    private static func sqliteCounted(in row: String) -> String {
        """
        INSERT INTO photo_map_cells (level, cell_y, cell_x, photo_count, latitude_sum, longitude_sum)
                SELECT level, \(row).map_y >> (\(finestLevel) - level), \(row).map_x >> (\(finestLevel) - level), 1, \
                \(row).latitude, \(row).longitude
                FROM photo_map_levels WHERE true
                ON CONFLICT (level, cell_y, cell_x) DO UPDATE SET photo_count = photo_count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
        """
    }

    private static func sqliteCounted(out row: String) -> String {
        """
        UPDATE photo_map_cells SET photo_count = photo_count - 1,
                    latitude_sum = latitude_sum - \(row).latitude, longitude_sum = longitude_sum - \(row).longitude
                WHERE (level, cell_y, cell_x) IN (\(sqliteCells(of: row)));
            DELETE FROM photo_map_cells WHERE photo_count = 0 AND (level, cell_y, cell_x) IN (\(sqliteCells(of: row)));
        """
    }

    /// Every photo with a position counted into its cells at every level, in one statement: what
    /// migration 005 starts from, and what `roadtrip migrate` does after copying the photos with
    /// the trigger off (a row at a time, it cost eight upserts per photo).
    static let postgreSQLCellCount = """
        INSERT INTO photo_map_cells (level, cell_y, cell_x, photo_count, latitude_sum, longitude_sum)
            SELECT l.level, p.map_y >> (\(finestLevel) - l.level), p.map_x >> (\(finestLevel) - l.level), count(*), \
            sum(p.latitude), sum(p.longitude)
            FROM photos p, photo_map_levels l WHERE p.map_z IS NOT NULL GROUP BY 1, 2, 3
        """

    /// Migration 005 (PostgreSQL): generated columns are stored, and computed from the position
    /// (PostgreSQL's may not read each other).
    static var postgreSQLMigration: String {
        """
        ALTER TABLE photos ADD COLUMN map_x bigint GENERATED ALWAYS AS (\(postgreSQLColumn())) STORED;
        ALTER TABLE photos ADD COLUMN map_y bigint GENERATED ALWAYS AS (\(postgreSQLRow())) STORED;
        ALTER TABLE photos ADD COLUMN map_z bigint GENERATED ALWAYS AS (\(interleaved(x: postgreSQLColumn(), y: postgreSQLRow()))) STORED;
        CREATE INDEX photos_on_map ON photos(map_z) WHERE map_z IS NOT NULL;
        CREATE TABLE photo_map_levels (level integer PRIMARY KEY);
        INSERT INTO photo_map_levels (level) VALUES \(levelList);
        CREATE TABLE photo_map_cells (
            level integer NOT NULL,
            cell_y bigint NOT NULL,
            cell_x bigint NOT NULL,
            photo_count bigint NOT NULL CHECK (photo_count >= 0),
            latitude_sum double precision NOT NULL,
            longitude_sum double precision NOT NULL,
            PRIMARY KEY (level, cell_y, cell_x)
        );
        \(postgreSQLCellCount);
        CREATE FUNCTION photos_on_map() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.map_z IS NOT NULL THEN
                UPDATE photo_map_cells c SET photo_count = c.photo_count - 1,
                    latitude_sum = c.latitude_sum - OLD.latitude, longitude_sum = c.longitude_sum - OLD.longitude
                    FROM photo_map_levels l
                    WHERE c.level = l.level AND c.cell_y = OLD.map_y >> (\(finestLevel) - l.level) AND c.cell_x = OLD.map_x >> \
                    (\(finestLevel) - l.level);
                DELETE FROM photo_map_cells c USING photo_map_levels l
                    WHERE c.photo_count = 0 AND c.level = l.level
                    AND c.cell_y = OLD.map_y >> (\(finestLevel) - l.level) AND c.cell_x = OLD.map_x >> (\(finestLevel) - l.level);
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.map_z IS NOT NULL THEN
                INSERT INTO photo_map_cells (level, cell_y, cell_x, photo_count, latitude_sum, longitude_sum)
                    SELECT level, NEW.map_y >> (\(finestLevel) - level), NEW.map_x >> (\(finestLevel) - level), 1, NEW.latitude, \
                    NEW.longitude
                    FROM photo_map_levels
                    ON CONFLICT (level, cell_y, cell_x) DO UPDATE SET photo_count = photo_map_cells.photo_count + 1,
                        latitude_sum = photo_map_cells.latitude_sum + excluded.latitude_sum,
                        longitude_sum = photo_map_cells.longitude_sum + excluded.longitude_sum;
            END IF;
            RETURN NULL;
        END $$;
        CREATE TRIGGER photos_on_map AFTER INSERT OR DELETE OR UPDATE OF latitude, longitude ON photos
            FOR EACH ROW EXECUTE FUNCTION photos_on_map();
        """
    }
}
