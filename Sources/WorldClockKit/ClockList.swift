package import HangulIndex

/// The catalogue as a sectioned list binds to it: a `UITableViewDataSource` with a ㄱ–ㅎ index on
/// its right edge, or a SwiftUI `List` with an index bar and `ScrollViewReader`.
///
/// It reads like UIKit's `UILocalizedIndexedCollation`, without its catch: `sectionIndexTitles`
/// holds every title (ㄱ … ㅎ, A … Z, #) so the index bar never moves, `sections` holds only the
/// sections with rows, and ``section(forSectionIndexTitle:)`` answers the nearest section with rows
/// for a title that has none, as `tableView(_:sectionForSectionIndexTitle:at:)` must.
public struct ClockList: Sendable {
    /// One section of the list: its title and its places in Korean collation order.
    public struct Section: Sendable, Equatable, Identifiable {
        /// The title a section header shows (ㄱ, A, #).
        public let title: String
        /// The places, in ICU's Korean collation order.
        public let places: [Place]
        /// The title: unique in the list, so a SwiftUI `ForEach` and `scrollTo` can use it.
        public var id: String { title }

        /// A section titled `title` with `places`, already in collation order.
        public init(title: String, places: [Place]) {
            self.title = title
            self.places = places
        }
    }

    /// The sections that have places, in index order: what `numberOfSections` counts.
    public let sections: [Section]
    /// Every index title in order, with or without places: ㄱ … ㅎ, A … Z, #. What
    /// `sectionIndexTitles(for:)` returns and an index bar draws.
    public let sectionIndexTitles: [String]
    /// For each index title, the section it scrolls to.
    private let sectionForIndexTitle: [Int]
    /// Where each place is, by its id.
    private let positions: [Place.ID: IndexPosition]

    /// Where a place is in the list.
    public struct IndexPosition: Sendable, Equatable, Hashable {
        /// The section, an index into `sections`.
        public let section: Int
        /// The row inside the section.
        public let row: Int

        /// The place at `row` of `section`, as an `IndexPath` gives them
        /// (`IndexPosition(section: indexPath.section, row: indexPath.row)`).
        public init(section: Int, row: Int) {
            self.section = section
            self.row = row
        }
    }

    /// The list of `index`'s sections under `titles` (every title of the index, in order).
    /// - Complexity: O(n) in the number of places.
    package init(_ index: SectionIndex<Place>, titles: [SectionTitle]) {
        self.init(titles: titles.map(\.text), sections: index.sections.map { Section(title: $0.title.text, places: $0.rows) })
    }

    /// The list of `sections` (in index order, titled by some of `titles`) under every index title.
    /// Sections without places are left out; a section whose title is not in `titles` is kept
    /// and reached by no index title.
    public init(titles: [String], sections: [Section]) {
        let shown = sections.filter { !$0.places.isEmpty }
        self.sections = shown
        sectionIndexTitles = titles
        let titleIndex = Dictionary(titles.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let shownTitlePositions = shown.map { titleIndex[$0.title] ?? Int.max }
        // A title with no places scrolls to the next section that has some, or the last one when
        // none follows (an empty # scrolls to Z's or ㅎ's section).
        sectionForIndexTitle = titles.indices.map { position in
            shownTitlePositions.firstIndex { $0 >= position && $0 != Int.max } ?? max(shown.count - 1, 0)
        }
        var positions: [Place.ID: IndexPosition] = [:]
        for (section, rows) in shown.enumerated() {
            for (row, place) in rows.places.enumerated() { positions[place.id] = IndexPosition(section: section, row: row) }
        }
        self.positions = positions
    }

    /// The section to scroll to for the index title `title` ("ㄱ", "A", "#"): its own section when
    /// it has places, else the nearest section with places (the next one, or the last when none
    /// follows); nil for a text that is no index title, or an empty list.
    /// - Complexity: O(t) in the number of titles (at most 41).
    public func section(forSectionIndexTitle title: String) -> Int? {
        guard !sections.isEmpty, let index = sectionIndexTitles.firstIndex(of: title) else { return nil }
        return sectionForIndexTitle[index]
    }

    /// The section to scroll to for the index title at `index` in `sectionIndexTitles` (what UIKit
    /// passes as `at:`); nil when out of range or the list is empty.
    public func section(forSectionIndexTitleAt index: Int) -> Int? {
        guard !sections.isEmpty, sectionIndexTitles.indices.contains(index) else { return nil }
        return sectionForIndexTitle[index]
    }

    /// The place with `id` (its Korean name), if the list shows it.
    /// - Complexity: O(1).
    public func place(id: Place.ID) -> Place? {
        positions[id].map { sections[$0.section].places[$0.row] }
    }

    /// Where the place with `id` is in the list (to scroll to it or reload its row), if shown.
    public func position(of id: Place.ID) -> IndexPosition? { positions[id] }

    /// The place at `position` (`cellForRowAt`).
    /// - Precondition: `position` is in the list.
    public subscript(position: IndexPosition) -> Place { sections[position.section].places[position.row] }

    /// The number of places in the list.
    public var count: Int { positions.count }
}

extension Catalogue {
    /// The places of `ids` (a user's own clocks, say) as a sectioned list with the full index;
    /// ids the catalogue does not list are left out.
    public func list(of ids: some Sequence<Place.ID>) -> ClockList {
        let wanted = Set(ids)
        return ClockList(sections.filter { wanted.contains($0.id) }, titles: indexer.titles)
    }
}
