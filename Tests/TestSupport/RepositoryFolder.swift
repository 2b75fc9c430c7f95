import Foundation

/// The repository's own folder (the one with Package.swift), for tests of its scripts and files.
public let repositoryFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../..").standardized
