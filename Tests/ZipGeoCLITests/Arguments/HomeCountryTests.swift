import Foundation
import TestSupport
import Testing

@testable import ZipGeoCLI

/// Where the home country comes from, and in which order: `ZIPGEO_COUNTRY`, then the locale
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`: the first set decides), then the database.
@Suite struct HomeCountryTests {
  @Test(
    arguments: [
      ("en_US.UTF-8", "US"), ("de_CH.UTF-8", "CH"), ("fr_FR", "FR"), ("sr_RS@latin", "RS"), ("pt_BR.utf8@x", "BR"),
      ("de-AT", "AT"), ("en_gb", "GB"), ("C", nil), ("C.UTF-8", nil), ("POSIX", nil), ("en", nil), ("", nil),
      ("_", nil), ("en_", nil), ("en_USA.UTF-8", nil), ("en_1A", nil), ("en_ÜS", nil), ("en_US\u{0}", nil),
      ("\u{1B}]0;x\u{7}_US", "US"),
    ] as [(String, String?)])
  func aLocaleNamesTheCountryOfItsTerritory(locale: String, country: String?) {
    #expect(HomeCountry.territory(ofLocale: locale) == country, "\(locale)")
  }

  @Test func theVariableComesFirstThenEachLocaleVariableInTheOrderTheCLibraryReadsThem() throws {
    let all = ["ZIPGEO_COUNTRY": "de", "LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "it_IT", "LANG": "en_US.UTF-8"]
    #expect(try HomeCountry.fromEnvironment(all) == HomeCountry(country: "DE", source: .variable))
    var environment = all
    environment["ZIPGEO_COUNTRY"] = nil
    #expect(
      try HomeCountry.fromEnvironment(environment)
        == HomeCountry(country: "FR", source: .locale(variable: "LC_ALL", value: "fr_FR.UTF-8")))
    environment["LC_ALL"] = ""
    #expect(try HomeCountry.fromEnvironment(environment)?.origin == "$LC_MESSAGES=it_IT")
    environment["LC_MESSAGES"] = nil
    #expect(try HomeCountry.fromEnvironment(environment)?.origin == "$LANG=en_US.UTF-8")
    // A locale of no territory names none, and the variables after it are not read.
    environment["LC_ALL"] = "C"
    #expect(try HomeCountry.fromEnvironment(environment) == nil)
    #expect(try HomeCountry.fromEnvironment(["LANG": "POSIX"]) == nil)
    #expect(try HomeCountry.fromEnvironment([:]) == nil)
    // ZIPGEO_COUNTRY=all or empty is none, and the locale then decides.
    #expect(try HomeCountry.fromEnvironment(["ZIPGEO_COUNTRY": "all", "LANG": "de_DE"])?.country == "DE")
    #expect(try HomeCountry.fromEnvironment(["ZIPGEO_COUNTRY": "", "LANG": "de_DE"])?.country == "DE")
    #expect(throws: UsageError.self) { try HomeCountry.fromEnvironment(["ZIPGEO_COUNTRY": "USA", "LANG": "de_DE"]) }
  }
}
