import ZipGeoCLI

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

exit(ZipGeoCommand.run(Array(CommandLine.arguments.dropFirst())))
