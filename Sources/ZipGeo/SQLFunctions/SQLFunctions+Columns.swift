import Geodesy
import SQLiteKit

extension SQLFunctions {
  /// `zipgeo_distances(lat1, lon1, lat2, lon2 [, unit [, model]])`: `distance()` (or, with model
  /// `'wgs84'`, `geodesic_distance()`) of whole columns in one call, for hosts that hold numbers
  /// in arrays (numpy, Arrow, pandas): each of the four is a blob of 8-byte floats in the
  /// machine's byte order (numpy's `tobytes()`), or a number that stands for every element; the
  /// result is a blob of as many floats, the distance of each pair in `unit` (default `'km'`).
  ///
  /// Each distance is the one the scalar function gives for the same pair, to the last bit: the
  /// same code measures it. A pair with a NaN is NaN (a code nobody could resolve); a latitude
  /// outside [-90, 90] or an infinite longitude is an error naming the argument and the element,
  /// as `distance()` names the argument. NULL in any argument gives NULL.
  ///
  /// ```sql
  /// SELECT zipgeo_distances(:lats, :lons, 33.0198, -96.6989, 'mi');   -- a blob of len(lats) floats
  /// ```
  public static let distances: [DatabaseFunction] = (4...6).map { count in
    DatabaseFunction("zipgeo_distances", argumentCount: Int32(count), nullPropagating: true) { arguments in
      let unit = try optionalUnit(arguments, at: 4, function: "zipgeo_distances")
      let model = try optionalModel(arguments, at: 5, function: "zipgeo_distances")
      let columns = try (0..<4).map { try FloatColumn(arguments, at: $0) }
      let lengths = Set(columns.compactMap(\.count))
      guard lengths.count <= 1 else {
        let described = (0..<4).compactMap { index in
          columns[index].count.map { "\(argumentNames[index]) has \($0)" }
        }
        throw FunctionError(
          "zipgeo_distances(): the blobs hold different numbers of values (\(described.joined(separator: ", ")));"
            + " give columns of one length")
      }
      let count = lengths.first ?? 1
      var result = [UInt8](repeating: 0, count: count * 8)
      try result.withUnsafeMutableBytes { bytes in
        for element in 0..<count {
          let (lat1, lon1) = (columns[0][element], columns[1][element])
          let (lat2, lon2) = (columns[2][element], columns[3][element])
          var distance = Double.nan
          if !(lat1.isNaN || lon1.isNaN || lat2.isNaN || lon2.isNaN) {
            try checkPoint(lat1, lon1, element: element, latitudeAt: 0)
            try checkPoint(lat2, lon2, element: element, latitudeAt: 2)
            distance = model.distance(
              from: Coordinate(uncheckedLatitude: lat1, longitude: lon1),
              to: Coordinate(uncheckedLatitude: lat2, longitude: lon2), in: unit)
          }
          bytes.storeBytes(of: distance, toByteOffset: element * 8, as: Double.self)
        }
      }
      return .blob(result)
    }
  }

  /// `Coordinate`'s rule for the point of element `element`, as `coordinates(_:function:)`
  /// applies it, with the element named in the error.
  private static func checkPoint(_ latitude: Double, _ longitude: Double, element: Int, latitudeAt index: Int) throws {
    guard !(latitude >= -90 && latitude <= 90 && longitude.isFinite) else { return }
    do {
      _ = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      let (name, value, rule) =
        switch error {
        case .latitudeOutOfRange(let value): (argumentNames[index], value, "outside [-90, 90]")
        case .longitudeNotFinite(let value): (argumentNames[index + 1], value, "not a finite number")
        case .longitudeOutOfRange(let value): (argumentNames[index + 1], value, "outside [-180, 180]")
        }
      throw FunctionError("zipgeo_distances(): \(name)[\(element)] is \(value), \(rule)")
    }
  }
}

/// One argument of `zipgeo_distances`: a blob of 8-byte floats, or one number for every element.
private struct FloatColumn {
  private let bytes: UnsafeRawBufferPointer?
  private let number: Double

  /// How many floats the blob holds; `nil` for a number.
  var count: Int? { bytes.map { $0.count / 8 } }

  init(_ arguments: borrowing FunctionArguments, at index: Int) throws {
    let name = SQLFunctions.argumentNames[index]
    if let bytes = arguments.blobBytes(at: index) {
      guard bytes.count % 8 == 0 else {
        throw FunctionError(
          "zipgeo_distances(): \(name) (argument \(index + 1)) is a blob of \(bytes.count) bytes,"
            + " not of 8-byte floats (numpy's float64 tobytes())")
      }
      self.bytes = bytes
      self.number = .nan
    } else {
      self.bytes = nil
      self.number = try arguments.number(at: index, of: "zipgeo_distances", named: name)
    }
  }

  subscript(element: Int) -> Double {
    guard let bytes else { return number }
    return bytes.loadUnaligned(fromByteOffset: element * 8, as: Double.self)
  }
}
