import Testing

@testable import Geodesy

@Suite struct LengthUnitTests {
  @Test func unitsUseTheInternationalDefinitions() {
    #expect(LengthUnit.miles.toMetres(1) == 1609.344)
    #expect(LengthUnit.nauticalMiles.toMetres(1) == 1852)
    #expect(LengthUnit.feet.toMetres(1) == 0.3048)
    #expect(LengthUnit.kilometres.fromMetres(2500) == 2.5)
  }

  @Test func unitsAreFoundByTheirSymbolInAnyCase() {
    #expect(LengthUnit(symbol: "KM") == .kilometres)
    #expect(LengthUnit(symbol: "nmi") == .nauticalMiles)
    #expect(LengthUnit(symbol: "furlong") == nil)
  }
}
