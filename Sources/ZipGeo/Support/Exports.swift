// Coordinates, lengths and units are part of zipgeo's API: `import ZipGeo` brings them along.
@_exported import Geodesy
// So are the ISO names of countries and their subdivisions (`CountryName.of("DE")`).
@_exported import ISO3166
