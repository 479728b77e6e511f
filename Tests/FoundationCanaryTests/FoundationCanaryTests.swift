// This target imports Foundation beside HangulIndex. Foundation on Linux bundles ICU 76 headers;
// if any module here could see the system ICU 72 module, a *clean* build of this file fails with
// "'UBlockCode' has different definitions in different modules". CI builds clean, so it proves
// the isolation on every run.
import Foundation
import HangulCollation
import HangulIndex
import Testing

@Suite("Foundation beside the index")
struct FoundationCanaryTests {
    @Test("Foundation's normalization and the index agree on an NFD name")
    func foundationAndIndexTogether() throws {
        let nfd = "서울".decomposedStringWithCanonicalMapping
        #expect(nfd.unicodeScalars.count == 5)
        let indexer = try SectionIndexer()
        #expect(indexer.title(for: nfd).text == "ㅅ")
        #expect(TimeZone(identifier: "Asia/Seoul")?.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 9 * 3600)
    }
}
