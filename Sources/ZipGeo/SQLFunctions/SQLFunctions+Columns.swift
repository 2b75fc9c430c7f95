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

  /// `zipgeo_pairs_within(lat, lon, center_lat, center_lon, radius [, unit [, model]])`: every
  /// pair of a point and a centre within `radius` of each other, for hosts that hold both in
  /// arrays (a million customers, a few thousand stores): the points and the centres are blobs of
  /// 8-byte floats (or a number for each), and the result is a blob of 24-byte records, the
  /// point's position, the centre's (two 8-byte integers) and their distance (an 8-byte float, in
  /// `unit`), by point, then nearest first, then by centre.
  ///
  /// The pairs are those `zipgeo_within(lat, lon, radius, unit, model)` gives around each point
  /// over a table of the centres, with the same distances to the last bit: the same box, the
  /// same distance from the point, the same farthest distance. Centres are sorted by latitude
  /// once, and each point reads the centres of its box's latitudes. A point or centre with a NaN
  /// is in no pair; a latitude outside [-90, 90] or a longitude outside [-180, 180] is an error
  /// naming the element.
  public static let pairsWithin: [DatabaseFunction] = (5...7).map { count in
    DatabaseFunction("zipgeo_pairs_within", argumentCount: Int32(count), nullPropagating: true) { arguments in
      let name = "zipgeo_pairs_within"
      let unit = try optionalUnit(arguments, at: 5, function: name)
      let model = try optionalModel(arguments, at: 6, function: name)
      let radiusValue = try arguments.number(at: 4, of: name, named: "radius")
      let points = try PointColumns(arguments, at: 0, names: ("lat", "lon"), function: name)
      let centres = try PointColumns(arguments, at: 2, names: ("center_lat", "center_lon"), function: name)
      // The radius's rule and the farthest a row is found at are the searches' own.
      let reach: RadiusQuery
      do {
        reach = try RadiusQuery(
          center: Coordinate(uncheckedLatitude: 0, longitude: 0), radius: Length(radiusValue, unit))
      } catch {
        throw FunctionError("\(name)(): radius (argument 5): \(error)")
      }
      let farthest = RadiusQuery.farthest(reach.radius, model: model)
      let metres = min(reach.radius.metres, model.halfCircumference * 2)
      let byLatitude = (0..<centres.count).filter { !centres.latitude($0).isNaN }.sorted {
        centres.latitude($0) < centres.latitude($1) || (centres.latitude($0) == centres.latitude($1) && $0 < $1)
      }
      let latitudes = byLatitude.map { centres.latitude($0) }
      var result: [UInt8] = []
      var found: [(centre: Int, distance: Double)] = []
      for point in 0..<points.count {
        let (lat, lon) = (points.latitude(point), points.longitude(point))
        if lat.isNaN || lon.isNaN { continue }
        let center = Coordinate(uncheckedLatitude: lat, longitude: lon)
        let box = model.boundingBox(around: center, radius: metres)
        var index = lowerBound(latitudes, box.minLatitude)
        found.removeAll(keepingCapacity: true)
        while index < latitudes.count && latitudes[index] <= box.maxLatitude {
          let centre = byLatitude[index]
          index += 1
          let place = Coordinate(uncheckedLatitude: centres.latitude(centre), longitude: centres.longitude(centre))
          guard !place.longitude.isNaN, box.contains(place) else { continue }
          let distance = model.distance(from: center, to: place, in: unit)
          if distance <= farthest { found.append((centre, distance)) }
        }
        found.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.centre < $1.centre) }
        for pair in found {
          withUnsafeBytes(of: Int64(point)) { result.append(contentsOf: $0) }
          withUnsafeBytes(of: Int64(pair.centre)) { result.append(contentsOf: $0) }
          withUnsafeBytes(of: pair.distance) { result.append(contentsOf: $0) }
        }
      }
      return .blob(result)
    }
  }

  /// The first position of `sorted` whose value is at least `value`.
  private static func lowerBound(_ sorted: [Double], _ value: Double) -> Int {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
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

  init(
    _ arguments: borrowing FunctionArguments, at index: Int, name: String? = nil,
    function: String = "zipgeo_distances"
  ) throws {
    let name = name ?? SQLFunctions.argumentNames[index]
    if let bytes = arguments.blobBytes(at: index) {
      guard bytes.count % 8 == 0 else {
        throw FunctionError(
          "\(function)(): \(name) (argument \(index + 1)) is a blob of \(bytes.count) bytes,"
            + " not of 8-byte floats (numpy's float64 tobytes())")
      }
      self.bytes = bytes
      self.number = .nan
    } else {
      self.bytes = nil
      self.number = try arguments.number(at: index, of: function, named: name)
    }
  }

  subscript(element: Int) -> Double {
    guard let bytes else { return number }
    return bytes.loadUnaligned(fromByteOffset: element * 8, as: Double.self)
  }
}

/// Two arguments of `zipgeo_pairs_within` that make points: latitudes and longitudes, each a blob
/// of 8-byte floats or one number, checked as stored rows are (latitudes within [-90, 90],
/// longitudes within [-180, 180]; NaN leaves a point out).
private struct PointColumns {
  private let latitudes: FloatColumn
  private let longitudes: FloatColumn
  let count: Int

  init(
    _ arguments: borrowing FunctionArguments, at index: Int, names: (String, String), function: String
  ) throws {
    latitudes = try FloatColumn(arguments, at: index, name: names.0, function: function)
    longitudes = try FloatColumn(arguments, at: index + 1, name: names.1, function: function)
    let counts = Set([latitudes.count, longitudes.count].compactMap { $0 })
    guard counts.count <= 1 else {
      throw FunctionError(
        "\(function)(): \(names.0) and \(names.1) hold different numbers of values"
          + " (\(latitudes.count ?? 1) and \(longitudes.count ?? 1)); give columns of one length")
    }
    count = counts.first ?? 1
    for element in 0..<count {
      let (lat, lon) = (latitudes[element], longitudes[element])
      if lat.isNaN || lon.isNaN { continue }
      guard lat >= -90 && lat <= 90 else {
        throw FunctionError("\(function)(): \(names.0)[\(element)] is \(lat), outside [-90, 90]")
      }
      guard lon >= -180 && lon <= 180 else {
        throw FunctionError("\(function)(): \(names.1)[\(element)] is \(lon), outside [-180, 180]")
      }
    }
  }

  func latitude(_ element: Int) -> Double {
    let lat = latitudes[element]
    return longitudes[element].isNaN ? .nan : lat
  }

  func longitude(_ element: Int) -> Double { longitudes[element] }
}
