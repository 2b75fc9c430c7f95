import ZipGeo

extension Context {
  /// Says on standard error, once, that a code was written finer than the data holds it and which
  /// code it became: `zipgeo: SW1A 1AA: the GB data holds outward codes; using SW1A`; and that a
  /// bare code is not one of the home country, whose codes the database holds, so that another
  /// country's was used: `zipgeo: 99999 is no code of US (the home country, from $LANG=en_US.UTF-8);
  /// using FI:99999 (Korvatunturi)`.
  func tellResolution(of code: PostalCode?, written reference: CodeReference? = nil, in db: ZipDatabase? = nil) {
    guard let code else { return }
    if let resolution = code.resolution { console.note("zipgeo: \(resolution)\n") }
    guard let reference, reference.country == nil, let db,
      let home = try? HomeCountry.forDatabase(db, environment: environment), home.country != code.country,
      (try? db.holds(country: home.country)) == true
    else { return }
    let place = code.summary.place.map { " (\($0.shortened))" } ?? ""
    console.note(
      "zipgeo: \(reference.code.shortened) is no code of \(home.country) (the home country, \(home.fromOrigin));"
        + " using \(code)\(place)\n")
  }
}
