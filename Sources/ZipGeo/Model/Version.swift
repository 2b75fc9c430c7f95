/// zipgeo's version, as `zipgeo --version` and `zipgeo_version()` print it.
public let zipgeoVersion = "0.2.0"
