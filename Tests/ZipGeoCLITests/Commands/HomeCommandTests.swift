import Foundation
import TestSupport
import Testing

/// The home country: a bare code that several countries have is the home's, from
/// `ZIPGEO_COUNTRY`, the locale or the database (`zipgeo home`); without one, the error lists
/// every country with its place there.
@Suite struct HomeCommandTests {
  static let sample = ImportCommandTests.world.appendingPathComponent("sample.txt").path

  @Test func aSharedBareCodeIsTheHomeCountrysWithNoErrorAndNoNote() throws {
    let world = try WorldCommands()
    let us = ["LANG": "en_US.UTF-8"]
    let near = try world.zipgeo("near", "90210", "--km", "5", "--format", "csv", environment: us)
    #expect(near.status == 0 && near.err.isEmpty, "\(near.err)")
    #expect(
      near.out.hasPrefix(
        "zip,place,state,county,lat,lon,country,accuracy,state_name,kind,distance_km\r\n90210,Beverly Hills,CA,"))
    // The home decides among countries only: the search still finds every country's codes.
    let border = try world.zipgeo("near", "14301", "--km", "10", "--format", "csv", environment: us)
    #expect(border.status == 0 && border.out.contains(",US,") && border.out.contains(",CA,"))
    for (code, place) in [("10001", "New York"), ("02134", "Allston")] {
      let info = try world.zipgeo("info", code, "--format", "csv", environment: us)
      #expect(info.status == 0 && info.err.isEmpty && info.out.contains("\r\n\(code),\(place),"), "\(info.out)")
    }
    let distance = try world.zipgeo("distance", "90210", "10001", "--format", "csv", environment: us)
    #expect(
      distance.status == 0 && distance.err.isEmpty
        && distance.out.contains(
          "\r\n90210,Beverly Hills,CA,Los Angeles,34.0901,-118.4065,US,4,California,area,10001,New York,"),
      "\(distance.out)")
    // Another locale, another home: 3000 is Bern, CH, for a Swiss user; Melbourne for an Australian.
    let swiss = try world.zipgeo("info", "3000", "--format", "csv", environment: ["LC_ALL": "de_CH.UTF-8"])
    #expect(swiss.status == 0 && swiss.out.contains(",CH,"), "\(swiss.err)")
    let australian = try world.zipgeo("info", "3000", "--format", "csv", environment: ["LC_MESSAGES": "en_AU"])
    #expect(australian.status == 0 && australian.out.contains("\r\n3000,Melbourne,"), "\(australian.err)")
  }

  @Test func withoutAHomeTheErrorListsEveryCountryWithItsPlaceThereAndNoneAsTheFix() throws {
    let world = try WorldCommands()
    for environment in [
      [:], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"], ["ZIPGEO_COUNTRY": "all"],
    ] {
      let result = try world.zipgeo("near", "90210", "--km", "5", environment: environment)
      #expect(result.status == 1 && result.out.isEmpty)
      #expect(
        result.err
          == "Error: '90210' is a postal code in 6 countries: Matinyani, KE; San Mateo Aticpac, MX; Sommiani (Winder), PK;"
          + " Sabayoi, TH; Бадів (Свободянська сільська рада), UA; Beverly Hills, US; add --country CC,"
          + " write CC:90210, or set a home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)\n", "\(environment)")
    }
    // A home that lacks the code decides nothing: the error is the same, every country listed.
    let french = try world.zipgeo("info", "90210", environment: ["LANG": "fr_FR.UTF-8"])
    #expect(french.status == 1 && french.err.contains("Beverly Hills, US; add --country CC"))
  }

  @Test func aBareCodeThatOnlyAnotherCountryHasIsSaidOnceWhenThereIsAHome() throws {
    let world = try WorldCommands()
    let result = try world.zipgeo("info", "99999", "--format", "csv", environment: ["LANG": "en_US.UTF-8"])
    #expect(result.status == 0 && result.out.contains("\r\n99999,Korvatunturi,"))
    #expect(
      result.err
        == "zipgeo: 99999 is no code of US (the home country, from $LANG=en_US.UTF-8); using FI:99999 (Korvatunturi)\n")
    // Without a home, a code of one country is that country's, silently, as before.
    #expect(try world.zipgeo("info", "99999").err.isEmpty)
    // Written with its country, nothing is said.
    #expect(try world.zipgeo("info", "FI:99999", environment: ["LANG": "en_US.UTF-8"]).err.isEmpty)
  }

  @Test func aDatabaseRecordsAHomeForTheCommandLineAndTheStockShellAndTheLocaleComesFirst() throws {
    let sample = try WorldSample()
    let ambiguous = try sample.zipgeo("info", "3000")
    #expect(ambiguous.status == 1 && ambiguous.err.contains("'3000' is a postal code in 2 countries: Melbourne, AU;"))
    let record = try sample.zipgeo("home", "ch")
    #expect(record.status == 0 && record.err == "Recorded CH as the home country of zipgeo.db\n", "\(record.err)")
    #expect(try sample.zipgeo("home").out == "CH (recorded in zipgeo.db)\n")
    let info = try sample.zipgeo("info", "3000", "--format", "csv")
    #expect(info.status == 0 && info.err.isEmpty && info.out.contains(",CH,"), "\(info.err)")
    // A bare code the home country lacks names where the home comes from, in a sentence.
    let other = try sample.zipgeo("info", "3001")
    #expect(other.status == 0, "\(other.err)")
    #expect(
      other.err.contains("3001 is no code of CH (the home country, recorded in zipgeo.db); using AU:3001"),
      "\(other.err)")
    let sql = try runCommand(
      URL(fileURLWithPath: "/usr/bin/sqlite3"), [sample.run.folder.appendingPathComponent("zipgeo.db").path],
      input: """
        .load \(buildProductsFolder.appendingPathComponent("libZipgeo").path)
        SELECT DISTINCT country FROM zipgeo_near('3000', 1);
        """, environment: [:])
    #expect(sql.status == 0 && sql.out == "CH\n", "\(sql.err)")
    // The user's locale comes before the database's record.
    let australian = try sample.run.zipgeo("info", "3000", "--format", "csv", environment: ["LANG": "en_AU.UTF-8"])
    #expect(australian.status == 0 && australian.out.contains("\r\n3000,Melbourne,"))
    let shown = try sample.run.zipgeo("home", environment: ["LANG": "en_AU.UTF-8"])
    #expect(shown.out == "AU (from $LANG=en_AU.UTF-8)\nzipgeo.db records CH, which SQL uses (here AU comes first)\n")
    let whereLine = try sample.run.zipgeo("where", environment: ["LANG": "en_AU.UTF-8"])
    #expect(whereLine.out.contains("\nhome       AU (from $LANG=en_AU.UTF-8); the database records CH, for SQL\n"))
    // none removes it, and the bare code is an error again, in SQL too.
    #expect(try sample.zipgeo("home", "none").err == "Removed the home country of zipgeo.db\n")
    #expect(try sample.zipgeo("info", "3000").status == 1)
    #expect(try sample.zipgeo("where").out.contains("\nhome       none: codes that several countries have need"))
  }

  @Test func aHomeThatIsNoCountryCodeIsAUsageErrorAndChangesNothing() throws {
    let sample = try WorldSample()
    for value in ["USA", "1", "", "U S", "\u{1B}[2J"] {
      let result = try sample.zipgeo("home", value)
      #expect(result.status == 64, "\(value)")
    }
    #expect(try sample.zipgeo("home", "US", "DE").status == 64)
    #expect(try sample.zipgeo("home").out.hasPrefix("none: "))
    // A home the database has no codes of is recorded, and said to be so.
    #expect(try sample.zipgeo("home", "FR").err.hasPrefix("zipgeo: zipgeo.db holds no codes of FR yet\n"))
  }

  @Test func anImportThatMakesCodesSharedSaysOnceWhatBareCodesNowMeanAndRecordsTheHome() throws {
    let run = try EndToEndTests()
    try FileManager.default.copyItem(atPath: Self.sample, toPath: run.folder.appendingPathComponent("sample.txt").path)
    #expect(try run.zipgeo("import", zipsCSVPath).status == 0)
    let world = try run.zipgeo("import", "sample.txt")
    #expect(world.status == 0)
    // (The sample repeats a row of its own, with a warning.)
    #expect(
      world.err.components(separatedBy: "\n").filter { $0.hasPrefix("zipgeo:") }
        == [
          "zipgeo: zipgeo.db now holds 4 countries; 2 US codes are also codes of another, and written without a"
            + " country they mean US's (the home country, recorded in zipgeo.db from the US rows it held; zipgeo home"
            + " changes it)"
        ], "\(world.err)")
    #expect(try run.zipgeo("home").out == "US (recorded in zipgeo.db)\n")
    let info = try run.zipgeo("info", "10115", "--format", "csv")
    #expect(info.status == 0 && info.out.contains("\r\n10115,New York,"))
    // The same file again adds no country: nothing is said.
    #expect(!(try run.zipgeo("import", "sample.txt").err.contains("zipgeo:")))
    // A new database of several countries has no home to record, and says what that means.
    let fresh = try run.zipgeo("import", "sample.txt", "--db", "new.db")
    #expect(
      fresh.err.hasSuffix(
        "\nzipgeo: new.db now holds 3 countries: a code that several of them have needs its country (US:90210),"
          + " --country, or a home country (zipgeo home CC, or ZIPGEO_COUNTRY=CC)\n"))
  }
}
