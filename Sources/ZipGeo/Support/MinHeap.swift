/// A binary heap that hands out its least element first: the queues of a nearest-first search
/// (the squares of the grid still to read, by their least possible distance, and the reads whose
/// rows are not all given, by their nearest row not yet given).
///
/// ```swift
/// var heap = MinHeap<Int>()
/// heap.insert(3); heap.insert(1)
/// heap.popMin()   // 1
/// ```
struct MinHeap<Element: Comparable> {
  private var elements: [Element] = []

  /// The least element, or `nil` when empty.
  var min: Element? { elements.first }

  var isEmpty: Bool { elements.isEmpty }

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
    siftDownFirst()
    return least
  }

  /// Changes the least element in place (the heap must not be empty), which `change` may only
  /// make greater, and removes it when `change` returns `false`.
  mutating func changeMin(_ change: (inout Element) -> Bool) {
    if !change(&elements[0]) {
      elements.swapAt(0, elements.count - 1)
      elements.removeLast()
    }
    siftDownFirst()
  }

  mutating func removeAll() { elements.removeAll() }

  /// Moves the first element down to its place.
  private mutating func siftDownFirst() {
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
  }
}
