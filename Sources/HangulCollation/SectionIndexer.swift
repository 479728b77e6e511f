import HangulIndex
import ICUBridge
import Synchronization

/// Decides which section of a Korean index a name belongs to: ㄱ ㄴ ㄷ … ㅎ, then A–Z, then `#`.
///
/// The definition is ICU's AlphabeticIndex for Korean with English labels added: the labels are
/// the locales' index exemplar characters, and a name belongs to the last bucket whose lower
/// boundary collates ≤ it at primary strength under ICU's Korean collator. ICU's underflow
/// (digits, symbols, emoji, the empty string), inflow and overflow buckets (Greek, Cyrillic, kana
/// after Z) are shown as one `#` section at the end, as iOS does. Double consonants fall into
/// their base section (까 → ㄱ) because ㄲ sorts between 깋 and 나.
///
/// Before bucketing, a name is brought to NFKC and the spaces and punctuation in front of its first
/// letter are skipped (`KoreanText.indexKey`), so " 서울", "(서울)", NFD 서울, ㉠ and ㈀ land with their
/// letters. Names whose first character decides the section alone (a precomposed syllable, a
/// conjoining or compatibility initial, an ASCII letter, a digit, symbol or emoji) take a table
/// lookup; the tests check that it agrees with the collator for every such character.
package struct SectionIndexer: Sendable {
    /// The titles and the sections of initial consonants and Latin letters: the part of the
    /// definition that needs no ICU once computed (what the bundled catalogue compiles in).
    package let definition: IndexDefinition
    /// The section titles in index order; the last one is `#`.
    package var titles: [SectionTitle] { definition.titles }
    /// The position of `#` in `titles`.
    package var otherPosition: Int { definition.otherPosition }

    /// Lower boundaries of ICU's buckets, built on the first name the lookup tables cannot answer.
    private let boundaries: BucketBoundaries

    /// The bytes of a name's primary sort key that are enough to compare it with every boundary.
    private static let namePrefixBytes = 64

    /// Builds the index definition from ICU's data.
    /// - Parameters:
    ///   - labelLocales: locales whose index exemplar characters become labels (Korean, then Latin).
    ///   - collationLocale: the collator that orders and buckets names.
    /// - Throws: `ICUError` if ICU cannot open the collator or read the exemplars.
    package init(labelLocales: [String] = ["ko", "en"], collationLocale: String = "ko") throws(ICUError) {
        let primary = try Collator(locale: collationLocale, strength: .primary)
        func key(_ text: String) throws(ICUError) -> [UInt8] { try primary.labelKey(text) }
        func sortedByCollation(_ strings: [String]) throws(ICUError) -> [(text: String, key: [UInt8])] {
            var keyed: [(text: String, key: [UInt8])] = []
            for string in strings { keyed.append((string, try key(string))) }
            return keyed.sorted { a, b in
                a.key.withUnsafeBufferPointer { x in b.key.withUnsafeBufferPointer { y in compareKeys(x, y) < 0 } }
            }
        }
        func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compareKeys(x, y) < 0 } }
        }

        // ICU's initLabels: the exemplars sorted by the collator, one per primary weight. (ICU
        // also drops labels outside every script; index exemplars are letters, so none is.)
        var exemplars: [String] = []
        for locale in labelLocales {
            let units = try withGrowingBuffer(of: UInt16.self, initialCapacity: 512, operation: "reading the \"\(locale)\" index characters") {
                buffer, capacity, status in
                wc_index_exemplars(locale, buffer, capacity, &status)
            }
            exemplars += zeroSeparatedStrings(units)
        }
        var labels: [(text: String, key: [UInt8])] = []
        for label in try sortedByCollation(exemplars) {
            if let last = labels.last, last.key == label.key { continue }
            labels.append(label)
        }
        let other = labels.count
        let labelKeys = labels.map(\.key)
        self.boundaries = BucketBoundaries(collationLocale: collationLocale, collator: primary) { _ in labelKeys }

        // The lookup tables: the last label ≤ each initial consonant and Latin letter. Script
        // boundaries never fall between these letters and their labels; the tests check every
        // entry against the full definition.
        func lastLabel(atOrBefore text: String) throws(ICUError) -> Int {
            let textKey = try key(text)
            return labels.lastIndex { !less(textKey, $0.key) } ?? other
        }
        var initialSections: [Int] = []
        for initial in Jamo.initials { initialSections.append(try lastLabel(atOrBefore: String(initial))) }
        var latinSections: [Int] = []
        for letter in UInt8(ascii: "A")...UInt8(ascii: "Z") { latinSections.append(try lastLabel(atOrBefore: String(UnicodeScalar(letter)))) }
        self.definition = IndexDefinition(
            titles: labels.map(\.text), initialSections: initialSections, latinSections: latinSections,
            collationLocale: collationLocale)
    }

    /// The index a compiled `definition` describes. ICU's collator is opened only for a name whose
    /// first character the definition cannot answer (Greek, ㉠, ⅍).
    package init(definition: IndexDefinition) {
        self.definition = definition
        let labels = definition.labelTexts
        boundaries = BucketBoundaries(collationLocale: definition.collationLocale) { (primary) throws(ICUError) -> [[UInt8]] in
            var keys: [[UInt8]] = []
            for label in labels { keys.append(try primary.labelKey(label)) }
            return keys
        }
    }

    /// The position in `titles` of the section `name` belongs to.
    /// - Complexity: O(1) for a name that starts with a Hangul syllable or initial consonant, an
    ///   ASCII letter, a digit, a symbol or an emoji; otherwise O(n) in the name's length for NFKC plus O(log b) collator
    ///   comparisons of its leading bytes.
    package func section(for name: String) -> Int {
        if let section = definition.section(forFirstLetterOf: name) { return section }
        return collatedSection(for: name)
    }

    /// The title of the section `name` belongs to.
    package func title(for name: String) -> SectionTitle { titles[section(for: name)] }

    /// `section(for:)`, but an ICU failure on the way is thrown rather than filing the name under
    /// `#`: what a catalogue is built with, so that a failure stops the load instead of
    /// misplacing names without a word.
    package func checkedSection(for name: String) throws(ICUError) -> Int {
        if let section = definition.section(forFirstLetterOf: name) { return section }
        return try checkedCollatedSection(for: name)
    }

    /// The section by the collator-based definition alone, without the lookup tables: the
    /// reference the tests hold the fast path to. An ICU failure files the name under `#`; use
    /// `checkedSection(for:)` where that must not pass unnoticed.
    package func collatedSection(for name: String) -> Int {
        (try? checkedCollatedSection(for: name)) ?? otherPosition
    }

    /// `collatedSection(for:)`, throwing what ICU reported.
    func checkedCollatedSection(for name: String) throws(ICUError) -> Int {
        let other = otherPosition
        // Normalization that fails (ICU's limits on one string) leaves the text as given, which
        // the collator still orders correctly; only the collator's own failures are thrown.
        let key = (try? KoreanText.indexKey(name)) ?? Array(name.utf16)
        let built = try boundaries.built(other: other).get()
        let prefix = try key.withUnsafeBufferPointer { (units) throws(ICUError) in
            try built.primary.sortKeyPrefix(of: units, maxBytes: Self.namePrefixBytes)
        }
        let boundaries = built.list
        // The last boundary ≤ the name, as ICU's BucketList::getBucketIndex.
        var low = 0, high = boundaries.count
        prefix.withUnsafeBufferPointer { name in
            while low + 1 < high {
                let middle = (low + high) / 2
                let order = boundaries[middle].key.withUnsafeBufferPointer { compareKeys(name, $0) }
                if order < 0 { high = middle } else { low = middle }
            }
        }
        return boundaries[low].section
    }
}

/// ICU's bucket list for the labels — underflow, labels with inflow buckets where scripts are
/// skipped, overflow — as lower boundaries in collation order. Finding the script boundaries
/// costs ICU about 4 ms (it walks every contraction of the collator), so it is done once, on the
/// first name that needs it: a list of Hangul and Latin names never does. An indexer made from
/// compiled data opens the collator then too.
final class BucketBoundaries: Sendable {
    typealias Boundary = (key: [UInt8], section: Int)
    struct Built: Sendable {
        let primary: Collator
        let list: [Boundary]
    }

    let collationLocale: String
    private let collator: Collator?
    private let labelKeys: @Sendable (Collator) throws(ICUError) -> [[UInt8]]
    /// The outcome of the first build, kept: a failure is not retried under the lock on every name.
    private let state = Mutex<Result<Built, ICUError>?>(nil)

    /// - Parameters:
    ///   - collator: the primary-strength collator for `collationLocale`, if already open.
    ///   - labelKeys: the labels' primary sort keys, in order.
    init(collationLocale: String, collator: Collator? = nil, labelKeys: @escaping @Sendable (Collator) throws(ICUError) -> [[UInt8]]) {
        self.collationLocale = collationLocale
        self.collator = collator
        self.labelKeys = labelKeys
    }

    /// The collator and the boundaries, each with the section it opens (`other` for ICU's
    /// non-label buckets), or ICU's failure to make them. An indexer built from ICU opened the
    /// collator already, so only a compiled one can fail here, on a machine whose ICU lacks the
    /// data: the names that need the collator (Greek, ㉠) then go to `#`.
    func built(other: Int) -> Result<Built, ICUError> {
        state.withLock { cached in
            if let cached { return cached }
            let made = Result { () throws(ICUError) -> Built in
                let primary: Collator
                if let collator { primary = collator } else { primary = try Collator(locale: collationLocale, strength: .primary) }
                let labels = try labelKeys(primary)
                return Built(primary: primary, list: try build(labels: labels, primary: primary, other: other))
            }
            cached = made
            return made
        }
    }

    private func build(labels: [[UInt8]], primary: Collator, other: Int) throws(ICUError) -> [Boundary] {
        func key(_ text: String) throws(ICUError) -> [UInt8] { try primary.labelKey(text) }
        func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compareKeys(x, y) < 0 } }
        }
        // ICU's firstStringsInScript: the U+FDD1 contractions whose sample is a letter or unassigned.
        var scripts: [[UInt8]] = []
        for boundary in try primary.scriptBoundaries() {
            switch Array(boundary.unicodeScalars).dropFirst().first?.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .unassigned:
                scripts.append(try key(boundary))
            default:
                continue
            }
        }
        scripts.sort(by: less)
        guard !scripts.isEmpty else { throw ICUError("finding script boundaries in the collator", status: wc_buffer_overflow_status()) }

        let empty = try key("")
        var boundaries: [Boundary] = [(empty, other)]
        var scriptIndex = -1
        var scriptUpperBoundary = empty
        for (section, label) in labels.enumerated() {
            if !less(label, scriptUpperBoundary) {
                let inflowBoundary = scriptUpperBoundary
                var skippedScript = false
                while true {
                    scriptIndex += 1
                    guard scriptIndex < scripts.count else { break }
                    scriptUpperBoundary = scripts[scriptIndex]
                    if less(label, scriptUpperBoundary) { break }
                    skippedScript = true
                }
                if skippedScript && boundaries.count > 1 { boundaries.append((inflowBoundary, other)) }
            }
            boundaries.append((label, section))
        }
        boundaries.append((scriptUpperBoundary, other))
        return boundaries
    }
}

extension Collator {
    /// The sort key of a label or script boundary, as the index compares them (up to 1,024 bytes:
    /// these are single letters and short contractions).
    func labelKey(_ text: String) throws(ICUError) -> [UInt8] {
        try Array(text.utf16).withUnsafeBufferPointer { (units) throws(ICUError) -> [UInt8] in
            try sortKeyPrefix(of: units, maxBytes: 1024)
        }
    }
}
