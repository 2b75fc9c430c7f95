/// Points held in memory, such as a file's stores, and the few of them nearest any other point on
/// the sphere: each point is a unit vector, and the nearest are those of the shortest chord,
/// which orders points as the great circle does, without a trigonometric function per pair.
///
/// ```swift
/// let stores = NearestPoints([plano, newYork, boston])
/// stores.nearest(to: allston, count: 1)   // [2]: Boston
/// ```
///
/// Every point is compared (no index): the time of a question grows with the points held, and
/// comparing one is so cheap that thousands of stores need no index
/// (`scripts/bench-nearest-stores.py` measures `zipgeo nearest --to`).
public struct NearestPoints: Sendable {
  /// The points' unit vectors, x, y and z one after another.
  private let vectors: [Double]

  /// Holds `points`, in their order, which breaks ties.
  public init(_ points: [Coordinate]) {
    var vectors: [Double] = []
    vectors.reserveCapacity(points.count * 3)
    for point in points {
      let (x, y, z) = Self.unitVector(point)
      vectors += [x, y, z]
    }
    self.vectors = vectors
  }

  /// How many points are held.
  public var count: Int { vectors.count / 3 }

  /// The indexes of the `count` points nearest `point` (all of them when fewer are held), nearest
  /// first; of points as near, the earlier first.
  public func nearest(to point: Coordinate, count wanted: Int) -> [Int] {
    let k = min(max(wanted, 0), count)
    guard k > 0 else { return [] }
    let (x, y, z) = Self.unitVector(point)
    // The k nearest so far, nearest first, with their squared chords.
    var found: [(index: Int, chord: Double)] = []
    found.reserveCapacity(k + 1)
    vectors.withUnsafeBufferPointer { vectors in
      for index in 0..<(vectors.count / 3) {
        let dx = vectors[3 * index] - x
        let dy = vectors[3 * index + 1] - y
        let dz = vectors[3 * index + 2] - z
        let chord = dx * dx + dy * dy + dz * dz
        if found.count == k, chord >= found[k - 1].chord { continue }
        // After those as near or nearer: an earlier point stays ahead of a later one as near.
        var place = found.count
        while place > 0 && found[place - 1].chord > chord { place -= 1 }
        found.insert((index, chord), at: place)
        if found.count > k { found.removeLast() }
      }
    }
    return found.map(\.index)
  }

  /// The point on the unit sphere.
  static func unitVector(_ point: Coordinate) -> (Double, Double, Double) {
    let (sinLat, cosLat) = sinCos(degrees: point.latitude)
    let (sinLon, cosLon) = sinCos(degrees: point.longitude)
    return (cosLat * cosLon, cosLat * sinLon, sinLat)
  }
}
