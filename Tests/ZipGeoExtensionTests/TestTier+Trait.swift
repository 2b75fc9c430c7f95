import TestSupport
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs the test only in `tier` (`TestTier`), skipping it, with the reason, elsewhere.
  public static func tier(_ tier: TestTier) -> Self {
    .enabled(if: tier.skipReason == nil, Comment(rawValue: tier.skipReason ?? ""))
  }
}
