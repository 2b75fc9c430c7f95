import ZipGeo

/// The progress line of a long import, or of a long `--file`, redrawn in place on a terminal's
/// standard error.
///
/// ```
/// importing points.csv: 1,234,567 rows, 512,345 rows/s, 45%, about 12 s left
/// reading customers.csv: 40,960 rows, 160,012 rows/s, 12%, about 2 s left
/// ```
final class ProgressMeter {
  private let file: String
  private let console: Console
  /// What is being done to the file: `importing`, `reading`.
  private let doing: String
  private var lastShown = -1.0
  private var visible = false

  init(file: String, console: Console, doing: String = "importing") {
    self.file = file
    self.console = console
    self.doing = doing
  }

  /// Redraws the line, at most five times a second.
  func show(_ progress: ImportProgress) {
    show(rows: progress.rows, seconds: progress.seconds, fraction: progress.fraction)
  }

  /// Redraws the line for `rows` read in `seconds`, `fraction` of the file (when its size is
  /// known), at most five times a second.
  func show(rows: Int, seconds: Double, fraction: Double?) {
    guard seconds - lastShown >= 0.2 else { return }
    lastShown = seconds
    let rate = seconds > 0 ? Double(rows) / seconds : 0
    var line = "\(doing) \(file): \(grouped(rows)) rows, \(grouped(Int(rate))) rows/s"
    if let fraction {
      line += ", \(Int(fraction * 100))%"
      if fraction > 0.01 && fraction < 1 {
        let left = seconds * (1 - fraction) / fraction
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
