import Foundation

/// The tiers of tests beyond the default `swift test`, which runs offline: each runs when
/// `ZIPGEO_TEST_TIERS` names it (`online`, `slow`, or `all`), as `.ci/run` does, and is reported
/// as skipped, with the reason and the command that runs it, when it does not.
///
/// ```swift
/// @Test(.tier(.online)) func datasetteLoadsTheExtension() throws { ... }   // ZipGeoExtensionTests
/// ```
///
/// (`TestSupport` is a regular target, which `swift build -c release --static-swift-stdlib`
/// builds too, where the Testing module is not: the trait lives with the tests that use it.)
public enum TestTier: String, CaseIterable, Sendable {
  /// Tests that install packages from PyPI (datasette, sqlite-utils, auditwheel, pandas).
  case online
  /// Tests that build another package from nothing: minutes of compiling.
  case slow

  /// The environment variable that names the tiers to run, separated by commas.
  public static let variable = "ZIPGEO_TEST_TIERS"

  /// Whether `ZIPGEO_TEST_TIERS` asks for this tier.
  public var isAsked: Bool {
    let asked = (ProcessInfo.processInfo.environment[Self.variable] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    return asked.contains("all") || asked.contains(rawValue)
  }

  /// Why the tier's tests cannot run here, or `nil` when they can.
  public var skipReason: String? {
    switch self {
    case .online: Self.onlineSkipReason
    case .slow: isAsked ? nil : notAsked
    }
  }

  private var notAsked: String {
    "tier \(rawValue) (\(rawValue == "online" ? "needs PyPI" : "builds another package")): "
      + "run it with ZIPGEO_OPTIMIZED_TESTS=1 \(Self.variable)=\(rawValue) swift test"
  }

  /// Judged once per run: whether the tier is asked for, then whether PyPI answers.
  private static let onlineSkipReason: String? = {
    guard TestTier.online.isAsked else { return TestTier.online.notAsked }
    return pypiUnreachable()
  }()

  /// Why PyPI cannot be reached from here (through the proxy the environment names, as pip
  /// would), or `nil` when it answers.
  private static func pypiUnreachable() -> String? {
    let probe =
      "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/pip/', timeout=10).read(1)"
    guard let result = try? runCommand(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", probe], timeLimit: 60) else {
      return "tier online: /usr/bin/python3 could not be run to reach PyPI"
    }
    guard result.status != 0 else { return nil }
    let why = result.err.split(separator: "\n").last.map(String.init) ?? "exit status \(result.status)"
    return "tier online: PyPI (https://pypi.org) cannot be reached from here: \(why)"
  }
}
