import Foundation
import TestSupport
import Testing

/// The parts of the ZipGeo module, a folder each under Sources/ZipGeo, from the lowest up: a part
/// uses the types of the parts below it, never those of a part above it (docs/architecture.md).
@Suite struct ZipGeoPartsTests {
  /// The parts, lowest first.
  static let parts = [
    "Support",  // threads, a heap, number and text helpers
    "PostalCodes",  // each country's postal code formats
    "Model",  // a zip code, a postal code and its places, countries, errors
    "Schema",  // the tables, their layouts and upgrades, opening a file
    "Lookup",  // a code's places on a connection, as written or as typed
    "Engine",  // the radius and nearest searches
    "Places",  // the place-name index and search, regions' names
    "Import",  // reading files and writing the tables
    "SQLFunctions",  // the SQL functions and table functions
    "Database",  // ZipDatabase, the facade
  ]

  static let sources = repositoryFolder.appendingPathComponent("Sources/ZipGeo")

  /// The one folder a part's folder may hold: the files that scripts/make-*.py write, which
  /// belong to the part as much as its other files.
  static let generatedFolder = "Generated"

  /// The names of the files in a part's folder, those of its `Generated` folder as
  /// `Generated/Name.swift`.
  static func fileNames(inPart part: String) throws -> [String] {
    let manager = FileManager.default
    let folder = sources.appendingPathComponent(part)
    var names: [String] = []
    for entry in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
      if entry == generatedFolder {
        let generated = try manager.contentsOfDirectory(atPath: folder.appendingPathComponent(entry).path)
        names += generated.sorted().map { "\(entry)/\($0)" }
      } else {
        names.append(entry)
      }
    }
    return names
  }

  /// A Swift file's text without its comments and the contents of its string literals.
  static func code(of text: String) -> String {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var index = 0
    func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") {
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
      } else if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
        index += 2
        while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
        index += 2
      } else if byte == UInt8(ascii: "\"") {
        let triple = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
        index += triple ? 3 : 1
        while index < bytes.count {
          if bytes[index] == UInt8(ascii: "\\") {
            index += 2
          } else if bytes[index] == UInt8(ascii: "\"")
            && (!triple || (at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")))
          {
            index += triple ? 3 : 1
            break
          } else {
            index += 1
          }
        }
        out.append(contentsOf: Array("\"\"".utf8))
      } else {
        out.append(byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The types a file's code declares at its top level: `struct Name`, `enum Name`, ...
  static func declaredTypes(in code: String) -> [String] {
    code.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "final", "indirect"]
      guard let kind = words.firstIndex(where: { !modifiers.contains($0) && !$0.hasPrefix("@") }),
        line.first != " ", ["struct", "enum", "class", "protocol", "typealias", "actor"].contains(words[kind]),
        kind + 1 < words.count
      else { return nil }
      let name = words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return name.first?.isUppercase == true ? String(name) : nil
    }
  }

  /// The capitalised words of a file's code.
  static func usedNames(in code: String) -> Set<String> {
    var names: Set<String> = []
    var word = ""
    for character in code + " " {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        if word.first?.isUppercase == true { names.insert(word) }
        word = ""
      }
    }
    return names
  }

  /// The uses of a type of a higher part, as `part/file uses Type (part)`: empty when every
  /// part uses only its own types and those of the parts below it. `files` maps a file's part
  /// and name to its text.
  static func upwardUses(_ files: [(part: String, name: String, text: String)], order: [String]) -> [String] {
    let codes = files.map { ($0.part, $0.name, code(of: $0.text)) }
    var owner: [String: String] = [:]
    for (part, _, code) in codes {
      for type in declaredTypes(in: code) where owner[type] == nil { owner[type] = part }
    }
    var found: [String] = []
    for (part, name, code) in codes {
      guard let level = order.firstIndex(of: part) else { continue }
      for type in usedNames(in: code).sorted() {
        if let other = owner[type], let otherLevel = order.firstIndex(of: other), otherLevel > level {
          found.append("\(part)/\(name) uses \(type) (\(other))")
        }
      }
    }
    return found
  }

  static func files() throws -> [(part: String, name: String, text: String)] {
    var files: [(part: String, name: String, text: String)] = []
    for entry in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let folder = sources.appendingPathComponent(entry)
      for name in (try? fileNames(inPart: entry)) ?? [] where name.hasSuffix(".swift") {
        files.append((entry, name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
      }
    }
    return files
  }

  @Test func everyFileLivesInTheFolderOfAPart() throws {
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
    #expect(entries == Self.parts.sorted(), "Sources/ZipGeo holds only the parts' folders")
    for part in Self.parts {
      let files = try Self.fileNames(inPart: part)
      #expect(!files.isEmpty && files.allSatisfy { $0.hasSuffix(".swift") }, "\(part): \(files)")
    }
  }

  @Test func noPartUsesATypeOfAPartAboveIt() throws {
    let files = try Self.files()
    #expect(files.count > 80)
    let upward = Self.upwardUses(files, order: Self.parts)
    #expect(upward.isEmpty, "\(upward.joined(separator: "\n"))")
  }

  @Test func theCheckFindsAnUpwardUseAndNotOneInACommentOrAString() {
    let files = [
      (part: "Model", name: "Low.swift", text: "public struct Low {\n  // High is named here\n  let s = \"High\"\n}\n"),
      (part: "Database", name: "High.swift", text: "final class High { let low: Low }\n"),
    ]
    #expect(Self.upwardUses(files, order: ["Model", "Database"]).isEmpty)
    let wrong = files + [(part: "Model", name: "Bad.swift", text: "extension Low { func up(_ high: High) {} }\n")]
    #expect(Self.upwardUses(wrong, order: ["Model", "Database"]) == ["Model/Bad.swift uses High (Database)"])
  }
}
