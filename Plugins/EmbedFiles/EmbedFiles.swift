import Foundation
import PackagePlugin

/// Compiles files into the targets that serve them, at build time: the catalogue's tables and its
/// compiled records (`Data/compiled-catalogue.txt`) into WorldClockKit, the OpenAPI document and
/// the web app (Web/app) into WorldClockServer, the bundled tzdata into TimeZoneRules. One tool
/// (EmbedFilesTool) writes them all as string literals; nothing generated is committed, and a
/// binary copied alone still has every file.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        func path(_ relative: String) -> String { root.appending(path: relative).path }
        let entries: [String]
        let inputs: [String]
        var commands: [Command] = []
        switch target.name {
        case "WorldClockKit":
            let tables = [
                "contents": "Data/zones.tsv", "searchOnly": "Data/search-only.tsv", "terms": "Data/terms.tsv",
                "prominence": "Data/prominence.tsv",
            ]
            entries =
                ["--enum", "EmbeddedTable"] + tables.sorted { $0.key < $1.key }.map { "text:\($0.key)=\(path($0.value))" }
                + ["digest:searchDigest=searchOnly+terms+prominence", "digest:tablesDigest=contents+searchDigest"]
            inputs = tables.values.map(path)
            // What ICU and the search preparation made of the tables (Scripts/dev/compile-catalogue),
            // one record per line, compiled into the columns `CompiledCatalogue.bundled` holds.
            let catalogue = ["Data/compiled-catalogue.txt", "Data/zones.tsv", "Data/search-only.tsv", "Data/terms.tsv", "Data/prominence.tsv"].map(
                path)
            let output = context.pluginWorkDirectoryURL.appending(path: "CompiledCatalogue+Bundled.swift")
            commands.append(
                .buildCommand(
                    displayName: "Compiling the catalogue records into WorldClockKit",
                    executable: try context.tool(named: "EmbedFilesTool").url,
                    arguments: ["--catalogue", output.path] + catalogue,
                    inputFiles: catalogue.map { URL(fileURLWithPath: $0) },
                    outputFiles: [output]))
        case "WorldClockServer":
            let web = path("Web/app")
            entries = [
                "--enum", "OpenAPIDocument", "text:yaml=\(path("Sources/WorldClockServer/openapi.yaml"))",
                "--enum", "WebAssets", "folder:files=\(web)",
            ]
            inputs = [path("Sources/WorldClockServer/openapi.yaml")] + (try files(under: web))
        case "TimeZoneRules":
            let zoneinfo = path("Data/tzdata/zoneinfo")
            entries = [
                "--enum", "BundledTZData", "base64:zones=\(zoneinfo)", "text:links=\(path("Data/tzdata/links.tsv"))",
                "text:versionLine=\(path("Data/tzdata/VERSION"))",
            ]
            inputs = [path("Data/tzdata/links.tsv"), path("Data/tzdata/VERSION")] + (try files(under: zoneinfo))
        default:
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded.swift")
        return commands + [
            .buildCommand(
                displayName: "Embedding files into \(target.name)",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: [output.path] + entries,
                inputFiles: inputs.map { URL(fileURLWithPath: $0) },
                outputFiles: [output])
        ]
    }

    /// Every file under `directory`, as paths: a new or changed file re-runs the tool.
    private func files(under directory: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = directory + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue { paths.append(full) }
        }
        return paths.sorted()
    }
}
