import SQLiteKit
import ZipGeo

/// The columns the machine formats give each zip code: those of `ZipCode.columns`, then
/// `state_name` (the state's name, from the data or ISO 3166-2: `RegionNames.name(of:)`) and
/// `kind` (`CodeKind`: area, po-box, ...). Added after the stored columns, so that a script that
/// reads the columns by position reads what it did.
enum RowColumns {
  static let names = ZipCode.columns + ["state_name", "kind"]

  static func values(_ zip: ZipCode, regions: RegionNames) -> [DatabaseValue] {
    zip.values + [regions.name(of: zip).map(DatabaseValue.text) ?? .null, .text(zip.kind.rawValue)]
  }
}
