// compile-catalogue: builds the bundled catalogue from its tables at run time — ICU's sections and
// collation order, the search items — and writes it as records, one per line, which the EmbedFiles
// plugin compiles into WorldClockKit, so that the worldclock binary does none of that work when it runs.
//
//   compile-catalogue OUTPUT      (Scripts/dev/compile-catalogue runs it: Data/compiled-catalogue.txt)
import CatalogueBuilder
import CatalogueRecords
import Foundation
import WorldClockKit

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: compile-catalogue OUTPUT\n".utf8))
    exit(2)
}
do {
    let text = try CatalogueRecords.compileBundled().text(path: output)
    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    FileHandle.standardError.write(Data("compile-catalogue: wrote \(output) (\(text.utf8.count) bytes)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("compile-catalogue: \(error)\n".utf8))
    exit(1)
}
