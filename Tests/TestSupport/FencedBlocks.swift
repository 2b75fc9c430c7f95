/// The fenced code blocks of a Markdown text: each block's lines (between its ``` fences), with
/// the indentation of its opening fence (a block in a list item) taken off, and each line's
/// 1-based number in the text.
public func fencedBlocks(of text: String) -> [[(number: Int, line: String)]] {
  var blocks: [[(number: Int, line: String)]] = []
  var inBlock = false
  var indent = 0
  for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let trimmed = rawLine.drop { $0 == " " }
    if trimmed.hasPrefix("```") {
      inBlock.toggle()
      indent = rawLine.count - trimmed.count
      if inBlock { blocks.append([]) }
      continue
    }
    guard inBlock else { continue }
    blocks[blocks.count - 1].append((index + 1, String(rawLine.dropFirst(min(indent, rawLine.count - trimmed.count)))))
  }
  return blocks
}
