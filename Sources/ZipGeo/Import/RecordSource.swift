import CSV

#if compiler(>=6.2)
  /// A source's type may go to other threads (`Importer.formats`, in a `Sendable` importer): Swift
  /// 6.2 says so with `SendableMetatype`, which older compilers (Xcode 16's Swift 6.0, which the
  /// package's tools version admits) do not know, and where every metatype is `Sendable`.
  typealias RecordSourceBase = AnyObject & SendableMetatype
#else
  typealias RecordSourceBase = AnyObject
#endif

/// One kind of file an import reads: the type tells its files from their first line, and turns
/// their records into checked rows for the import's one writer (`Importer.replaceRows`), which
/// reads them on a thread of their own (`RowProducer`).
///
/// A new format is one new type that conforms, listed in `Importer.formats` before any format
/// that would take its files for its own (`HeaderCSVRecords`, which takes every file, is last).
///
/// ```swift
/// final class MyRecords: RecordSource {
///   static func open(_ reader: CSVReader, firstLine: String?, file: String) throws(ImportError) -> MyRecords? {
///     firstLine?.hasPrefix("MY-ZIPS") == true ? MyRecords(reader, file) : nil
///   }
///   ...
/// }
/// ```
protocol RecordSource: RecordSourceBase {
  /// A source of the file `reader` reads, which messages name `file`, when its first line
  /// (`firstLine`, not yet consumed; nil when the file is empty) shows that it is of this kind;
  /// nil when it is not. It may set how `reader` splits records and read a header, and throws
  /// when the file is of this kind but cannot be read as one.
  static func open(_ reader: CSVReader, firstLine: String?, file: String) throws(ImportError) -> Self?

  /// The reader of the file: its bytes read measure the import's progress, and its `shouldStop`
  /// lets an interrupted import stop waiting on a silent pipe.
  var reader: CSVReader { get }

  /// The file as messages name it (`world.zip:allCountries.txt` for a zip archive's data file).
  var file: String { get }

  /// How a message says that the file gives each row's country (`this file has one ('cc')`,
  /// `this GeoNames file has one (its first column)`), or nil when it gives none, and every row
  /// takes `defaultCountry`.
  var countryColumnNote: String? { get }

  /// The country of each row when the file names none (`--country`, US by default).
  var defaultCountry: String { get set }

  /// The next data line of the file, checked: a row, or the problem with it, naming `file` and
  /// the line. Nil at the end of the file; throws for a problem that ends the reading (the file
  /// cannot be read, a quote is never closed).
  func next() throws(ImportError) -> ParsedLine?
}
