import SQLiteKit
import Testing

@Suite struct ConnectionFactsTests {
  final class Counted: ConnectionFacts {
    var count: Int?
    init() {}
    func forget() { count = nil }
  }

  final class Other: ConnectionFacts {
    var seen = false
    init() {}
    func forget() { seen = false }
  }

  @Test func eachTypeOfFactsIsOnePerConnectionAndForgottenAfterAnSQLError() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    db.facts(Counted.self).count = 3
    db.facts(Other.self).seen = true
    #expect(db.facts(Counted.self) === db.facts(Counted.self))
    #expect(db.facts(Counted.self).count == 3)
    #expect(try Database.inMemory().facts(Counted.self).count == nil, "another connection has its own")
    // A constraint failure says nothing of the schema: the facts stay.
    try db.execute("INSERT INTO t VALUES (1)")
    #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO t VALUES (1)") }
    #expect(db.facts(Counted.self).count == 3)
    // An SQL error may come of a schema that changed: every type forgets.
    #expect(throws: DatabaseError.self) { try db.execute("SELECT * FROM missing") }
    #expect(db.facts(Counted.self).count == nil)
    #expect(db.facts(Other.self).seen == false)
  }
}
