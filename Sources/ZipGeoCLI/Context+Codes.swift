import ZipGeo

extension Context {
  /// Says on standard error, once, that a code was written finer than the data holds it and which
  /// code it became: `zipgeo: SW1A 1AA: the GB data holds outward codes; using SW1A`.
  func tellResolution(of code: PostalCode?) {
    guard let resolution = code?.resolution else { return }
    console.note("zipgeo: \(resolution)\n")
  }
}
