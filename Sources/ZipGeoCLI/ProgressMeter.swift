import ZipGeo

/// The progress line of a long import, redrawn in place on a terminal's standard error.
///
/// ```
/// importing points.csv: 1,234,567 rows, 512,345 rows/s, 45%, about 12 s left
/// ```
final class ProgressMeter {
  private let file: String
  private let console: Console
  private var lastShown = -1.0
  private var visible = false

  init(file: String, console: Console) {
    self.file = file
    self.console = console
  }

  /// Redraws the line, at most five times a second.
  func show(_ progress: ImportProgress) {
    guard progress.seconds - lastShown >= 0.2 else { return }
    lastShown = progress.seconds
    let rate = progress.seconds > 0 ? Double(progress.rows) / progress.seconds : 0
    var line = "importing \(file): \(grouped(progress.rows)) rows, \(grouped(Int(rate))) rows/s"
    if let fraction = progress.fraction {
      line += ", \(Int(fraction * 100))%"
      if fraction > 0.01 && fraction < 1 {
        let left = progress.seconds * (1 - fraction) / fraction
        line += ", about \(Int(left.rounded())) s left"
      }
    }
    console.redrawStatus(line)
    visible = true
  }

  /// Shows that the rows are all in and the indexes are being built, which takes seconds for a
  /// large file with no rows to count (the line would otherwise stand still).
  func showIndexing() {
    console.redrawStatus("importing \(file): every row read, building the indexes")
    visible = true
  }

  /// Removes the line, before other output or at the end.
  func clear() {
    guard visible else { return }
    console.redrawStatus("")
    visible = false
  }
}
