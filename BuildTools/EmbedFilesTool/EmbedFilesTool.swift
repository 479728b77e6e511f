// embed-files: writes Swift source that holds files as string literals, so that a binary copied
// alone still has them. Run at build time by the EmbedFiles plugin (Plugins/EmbedFiles), which
// names each target's files; nothing it writes is committed.
//
//   EmbedFilesTool OUTPUT.swift [--enum NAME ENTRY...]...
//   EmbedFilesTool --catalogue OUTPUT.swift RECORDS ZONES SEARCH-ONLY TERMS PROMINENCE
//
// The second form compiles the catalogue's record file (Data/compiled-catalogue.txt, written by
// Scripts/dev/compile-catalogue) into `CompiledCatalogue.bundled`: the order as positions in ZONES, the
// sections, the search-only lines' offsets in SEARCH-ONLY and the search index (built here by
// HangulIndex, with no ICU), as the columns WorldClockKit reads (`CatalogueRecords.swiftSource`).
//
// ENTRY is one of
//   text:PROPERTY=FILE        static let PROPERTY: String, the file's text exactly (UTF-8, no CR)
//   folder:PROPERTY=DIR       static let PROPERTY: [(name: String, text: String)], DIR's files by name
//   base64:PROPERTY=DIR       static let PROPERTY: String, a line "relative/path TAB base64" per file
//                             under DIR, sorted by path (binary files: TZif)
//   digest:PROPERTY=P1+P2…    static let PROPERTY: String, FNV-1a (64 bits, hex) of those texts
//                             (or digests) above, concatenated
//
// Texts go into raw multi-line literals with as many #s as needed, so nothing in them is an escape;
// a carriage return (which a multi-line literal cannot keep) or invalid UTF-8 is an error.
import CatalogueRecords
import FNV
import Foundation

struct Failure: Error, CustomStringConvertible { let description: String }

func readText(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "\(path): cannot read") }
    guard let text = String(validating: data, as: UTF8.self) else { throw Failure(description: "\(path): not UTF-8") }
    if text.contains("\r") { throw Failure(description: "\(path): a carriage return, which a Swift multi-line literal cannot keep") }
    return text
}

/// `text` as a raw multi-line literal whose value is exactly `text`.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    // The newline before the closing delimiter is not part of the value.
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

func files(under directory: String) throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { throw Failure(description: "\(directory): cannot list") }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue { paths.append(path) }
    }
    return paths.sorted()
}

func render(_ arguments: ArraySlice<String>) throws -> String {
    var out = "// Generated at build time by the EmbedFiles plugin: not committed, not to be edited.\n"
    var texts: [String: String] = [:]
    var open = false
    var index = arguments.startIndex
    while index < arguments.endIndex {
        let argument = arguments[index]
        index += 1
        if argument == "--enum" {
            guard index < arguments.endIndex else { throw Failure(description: "--enum without a name") }
            if open { out += "}\n" }
            out += "\npackage enum \(arguments[index]) {\n"
            open = true
            index += 1
            continue
        }
        guard open, let colon = argument.firstIndex(of: ":"), let equals = argument.firstIndex(of: "=") else {
            throw Failure(description: "bad entry \(argument)")
        }
        let kind = argument[..<colon], property = String(argument[argument.index(after: colon)..<equals])
        let source = String(argument[argument.index(after: equals)...])
        switch kind {
        case "text":
            let text = try readText(source)
            texts[property] = text
            out += "    package static let \(property) = \(literal(text))\n"
        case "folder":
            out += "    package static let \(property): [(name: String, text: String)] = [\n"
            for name in try files(under: source) {
                out += "        (\"\(name)\", \(literal(try readText(source + "/" + name)))),\n"
            }
            out += "    ]\n"
        case "base64":
            var lines: [String] = []
            for path in try files(under: source) {
                guard let data = FileManager.default.contents(atPath: source + "/" + path) else {
                    throw Failure(description: "\(source)/\(path): cannot read")
                }
                lines.append(path + "\t" + data.base64EncodedString())
            }
            out += "    package static let \(property) = \(literal(lines.joined(separator: "\n")))\n"
        case "digest":
            var bytes: [UInt8] = []
            for name in source.split(separator: "+") {
                guard let text = texts[String(name)] else { throw Failure(description: "digest of \(name), which is not a text above") }
                bytes += Array(text.utf8)
            }
            let digest = FNV1a.hex(bytes)
            texts[property] = digest
            out += "    package static let \(property) = \"\(digest)\"\n"
        default:
            throw Failure(description: "unknown kind in \(argument)")
        }
    }
    if open { out += "}\n" }
    return out
}

/// The catalogue's record file and the tables it was made from, as Swift source.
/// Records made from other tables (`Data/` edited, `Scripts/dev/compile-catalogue` not yet run) give no
/// compiled catalogue and are not read further, so that the build that makes compile-catalogue
/// never needs its output to be current, nor in this format.
func compileCatalogue(_ paths: [String]) throws -> String {
    let tables = CatalogueRecords.Tables(
        zones: (try readText(paths[1]), paths[1]), searchOnly: (try readText(paths[2]), paths[2]), terms: (try readText(paths[3]), paths[3]),
        prominence: (try readText(paths[4]), paths[4]))
    let text = try readText(paths[0])
    guard CatalogueRecords.digest(in: text) == tables.digest else {
        return CatalogueRecords.noCatalogue(path: paths[0], because: "the tables changed since it was written")
    }
    return try CatalogueRecords(text: text, path: paths[0]).swiftSource(tables: tables, path: paths[0])
}

/// `@main` rather than top-level code, so that the tool also builds where every module is compiled
/// with `-parse-as-library` (Scripts/dev/fuzz's build).
@main
enum EmbedFilesTool {
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        let catalogue = arguments.first == "--catalogue"
        if catalogue { arguments = arguments.dropFirst() }
        guard let output = arguments.first, !catalogue || arguments.count == 6 else {
            FileHandle.standardError.write(
                Data(
                    ("usage: EmbedFilesTool OUTPUT.swift [--enum NAME ENTRY...]...\n"
                        + "       EmbedFilesTool --catalogue OUTPUT.swift RECORDS ZONES SEARCH-ONLY TERMS PROMINENCE\n").utf8))
            exit(2)
        }
        do {
            let source = try catalogue ? compileCatalogue(Array(arguments.dropFirst())) : render(arguments.dropFirst())
            // Rewritten only when changed, so that an unchanged file does not recompile its target.
            if FileManager.default.contents(atPath: output) != Data(source.utf8) {
                try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            }
        } catch {
            FileHandle.standardError.write(Data("embed-files: error: \(error)\n".utf8))
            exit(1)
        }
    }
}
