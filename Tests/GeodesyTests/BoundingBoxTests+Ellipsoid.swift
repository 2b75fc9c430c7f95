import Testing

@testable import Geodesy

extension BoundingBoxTests {
  /// On the equator (where the old solver failed) and next to and at the poles, for radii from a
  /// millimetre to beyond half the circumference: every point reached within the radius, in any
  /// direction, is in the box.
  @Test func theEllipsoidsBoxHoldsEveryPointWithinTheRadiusAtTheEquatorAndThePoles() {
    let wgs84 = Ellipsoid.wgs84
    let latitudes: [Double] = [0, -0.0, 1e-300, -1e-300, 1e-9, 89.999999, -89.999999, 90, -90]
    let longitudes: [Double] = [0, 179.9999999, -180]
    let radii: [Double] = [
      1e-3, 0.1, 1, 1_000, 100_000, 1_000_000, 5_000_000, 10_001_965, 15_000_000, 20_003_000, 21_000_000,
    ]
    // Every degree, the cardinal directions exactly, and directions a hair off them.
    let everyDegree: [Double] = stride(from: -180.0, to: 180, by: 1).map { $0 + 0.5 }
    let cardinal: [Double] = [0, 90, 180, -90, 1e-9, 90 - 1e-9, 90 + 1e-9, -90 + 1e-9, 180 - 1e-9]
    let azimuths = everyDegree + cardinal
    for lat in latitudes {
      for lon in longitudes {
        let center = Coordinate(uncheckedLatitude: lat, longitude: lon)
        for radius in radii {
          let box = wgs84.boundingBox(around: center, radius: radius)
          for azimuth in azimuths {
            let point = wgs84.destination(from: center, azimuth: azimuth, distance: radius * (1 - 1e-12)).point
            #expect(box.contains(point), "\(center) \(radius) m at \(azimuth): \(point) outside \(box)")
          }
        }
      }
    }
  }
}
