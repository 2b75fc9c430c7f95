extension String {
  /// The text as quoted in an error message: at most 40 characters, with `...` when cut.
  public var shortened: String {
    count <= 40 ? self : prefix(40) + "..."
  }
}
