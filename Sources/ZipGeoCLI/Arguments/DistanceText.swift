import CInterrupt
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Formats a length with two decimals, as in `2207.43`.
func formatDistance(_ value: Double) -> String {
  fixed(value, decimals: 2)
}

/// Parses a radius in `unit`, as `SearchRequest.radius(_:_:)` judges it.
func parseRadius(_ text: String, option: String, unit: LengthUnit) throws(UsageError) -> Length {
  let invalid = "The value '\(text)' is invalid for '--\(option) <\(option)>'"
  guard let value = Double(decimal: text) else {
    throw UsageError(
      "\(invalid): give \(SearchRequestError.radius(.notPositive(.nan, unit)).rule), in decimal notation")
  }
  do {
    return try SearchRequest.radius(value, unit)
  } catch {
    throw UsageError("\(invalid): \(error)")
  }
}
