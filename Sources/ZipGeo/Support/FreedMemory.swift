#if canImport(Glibc)
  import Glibc
#endif

/// Memory a process has freed, given back to the system.
enum FreedMemory {
  /// Gives back the pages of the memory freed so far, where the allocator keeps them otherwise.
  ///
  /// glibc keeps freed memory for the thread that freed it: the world's rows, freed after they
  /// are written, stayed in the process while another thread allocated its own
  /// (`malloc_trim`). Darwin's allocator gives back freed pages itself, under memory pressure.
  static func giveBack() {
    #if canImport(Glibc)
      // Looked up, not linked: Glibc's Swift module leaves malloc.h out, and another C library
      // may not have it.
      guard let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
      typealias Trim = @convention(c) (Int) -> Int32
      _ = unsafeBitCast(trim, to: Trim.self)(0)
    #endif
  }
}
