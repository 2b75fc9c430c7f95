import Foundation
import ZipGeoCLI

exit(ZipGeoCommand.run(Array(CommandLine.arguments.dropFirst())))
