import CatalogueBuilder
// compile-catalogue: builds the bundled catalogue from its tables at run time — ICU's sections and
// collation order, the search index — and writes it as Swift source, so that the worldclock binary
// does none of that work when it runs.
//
//   compile-catalogue OUTPUT.swift      (Scripts/compile-catalogue runs it)
import Foundation
import WorldClockKit

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: compile-catalogue OUTPUT.swift\n".utf8))
    exit(2)
}
do {
    let source = try CompiledCatalogue.compileBundled().swiftSource
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    FileHandle.standardError.write(Data("compile-catalogue: wrote \(output) (\(source.utf8.count) bytes)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("compile-catalogue: \(error)\n".utf8))
    exit(1)
}
