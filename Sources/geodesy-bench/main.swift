import Geodesy

// Nanoseconds per distance call, sphere against WGS84, in one run on the same points:
// `swift run -c release geodesy-bench [pairs] [rounds]`. Rounds alternate between the two models
// so that a noisy machine slows both alike; the ratio of the medians is the figure to read.
#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let pairCount = arguments.first ?? 200_000
let rounds = arguments.dropFirst().first ?? 15

/// A seeded generator (SplitMix64), so that every run times the same pairs.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func points(_ count: Int, _ rng: inout SplitMix64) -> [Coordinate] {
  (0..<count).map { _ in
    Coordinate(
      uncheckedLatitude: asin(.random(in: -1...1, using: &rng)) * 180 / .pi,
      longitude: .random(in: -180...180, using: &rng))
  }
}

var rng = SplitMix64(state: 20_261_130)
// Uniform pairs over the globe, and pairs within 100 km (the shape of radius queries).
let global = zip(points(pairCount, &rng), points(pairCount, &rng)).map { ($0, $1) }
let local = points(pairCount, &rng).map { start in
  (
    start,
    Sphere.earth.destination(
      from: start, azimuth: .random(in: -180...180, using: &rng), distance: .random(in: 0...100_000, using: &rng)
    ).point
  )
}

func time(_ pairs: [(Coordinate, Coordinate)], _ distance: (Coordinate, Coordinate) -> Double) -> (Double, Double) {
  var sum = 0.0
  let start = now()
  for (a, b) in pairs { sum += distance(a, b) }
  return ((now() - start) / Double(pairs.count) * 1e9, sum)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

print("pairs  model   ns/call (median of \(rounds) rounds, \(pairCount) pairs each)")
for (name, pairs) in [("global", global), ("100 km", local)] {
  var sphere: [Double] = []
  var wgs84: [Double] = []
  var checksum = 0.0
  for _ in 0..<rounds {
    let s = time(pairs) { Sphere.earth.distance(from: $0, to: $1) }
    let e = time(pairs) { Ellipsoid.wgs84.distance(from: $0, to: $1) }
    sphere.append(s.0)
    wgs84.append(e.0)
    checksum += s.1 + e.1
  }
  print(
    "\(name): sphere \(String(median(sphere), digits: 1)) ns, WGS84 \(String(median(wgs84), digits: 1)) ns,"
      + " ratio \(String(median(wgs84) / median(sphere), digits: 1))x  (checksum \(checksum > 0))")
}

extension String {
  init(_ value: Double, digits: Int) {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    self = "\(rounded)"
  }
}
