import CatalogueBuilder
import CatalogueRecords
import HangulIndex
import WorldClockKit

// Here, not in CatalogueBuilder, so that the CLI, which links CatalogueBuilder, does not carry the
// record writer.
extension CatalogueRecords {
    /// The bundled tables built now, with ICU, as records: what `Scripts/dev/compile-catalogue` writes
    /// to `Data/compiled-catalogue.txt`.
    /// - Throws: `CatalogueError` for a malformed table or an unknown zone.
    package static func compileBundled() throws(CatalogueError) -> CatalogueRecords {
        CatalogueRecords(try Catalogue.bundledAtRunTime().catalogue)
    }

    /// A catalogue's sections, order and search items as records.
    package init(_ catalogue: Catalogue) {
        let titles = catalogue.sections.sections.flatMap { section in Array(repeating: section.title.text, count: section.rows.count) }
        let items = catalogue.searchItems
        func item(_ item: (place: Place, texts: [SearchableText]), section: String?) -> Item {
            Item(section: section, name: item.place.name, importance: SearchProminence.importance(of: item.place), texts: item.texts)
        }
        self.init(
            tablesDigest: catalogue.digest, icuVersion: catalogue.icuVersion, indexer: catalogue.indexer, fields: Catalogue.searchFields,
            listed: zip(items, titles).map { item($0, section: $1) },
            searchOnly: items.dropFirst(titles.count).map { item($0, section: nil) })
    }
}
