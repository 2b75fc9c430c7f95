// Coordinates, lengths and units are part of zipgeo's API: `import ZipGeo` brings them along.
@_exported import Geodesy
