/// A binary heap that hands out its least element first: the queue of a nearest-first search
/// (the pieces of the grid still to read, by their least possible distance, and the rows read
/// but not yet given, by theirs).
///
/// ```swift
/// var heap = MinHeap<Int>()
/// heap.insert(3); heap.insert(1)
/// heap.popMin()   // 1
/// ```
struct MinHeap<Element: Comparable> {
  private(set) var elements: [Element] = []

  var isEmpty: Bool { elements.isEmpty }
  var count: Int { elements.count }
  /// The least element, or `nil` when empty.
  var min: Element? { elements.first }

  mutating func insert(_ element: Element) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard elements[child] < elements[parent] else { break }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the least element, or `nil` when empty.
  mutating func popMin() -> Element? {
    guard !elements.isEmpty else { return nil }
    elements.swapAt(0, elements.count - 1)
    let least = elements.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < elements.count else { break }
      let right = left + 1
      let child = right < elements.count && elements[right] < elements[left] ? right : left
      guard elements[child] < elements[parent] else { break }
      elements.swapAt(child, parent)
      parent = child
    }
    return least
  }

  mutating func removeAll() { elements.removeAll() }
}
