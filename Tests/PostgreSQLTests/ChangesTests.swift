import Testing
import SQLDatabase
import TestDatabases

@Test(arguments: allEngines)
func changesCountsTheRowsOfTheLastInsertUpdateOrDelete(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    let counts = try database.write { connection in
        try connection.execute("INSERT INTO t(x) VALUES (\(1)), (\(2)), (\(3))")
        let inserted = connection.changes
        try connection.execute("UPDATE t SET x = x + 10 WHERE x >= \(2)")
        let updated = connection.changes
        _ = try connection.fetchAll("SELECT x FROM t")
        let afterSelect = connection.changes
        try connection.execute("DELETE FROM t WHERE x = \(99)")
        return [inserted, updated, afterSelect, connection.changes]
    }

    #expect(counts == [3, 2, 2, 0])
}

@Test(arguments: allEngines)
func insertReturningGivesTheNewRow(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    let returned = try database.write { connection in
        try connection.fetchOne("INSERT INTO t(x) VALUES (\(7)) RETURNING x").map { try $0["x"] as Int }
    }

    #expect(returned == 7)
}
