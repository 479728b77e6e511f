/// What search needs to know of a place beyond its texts: its zone (to ask the tz facts), its
/// country (to tell a label naming another country) and its size (to rank an offset's places).
package protocol SearchablePlace {
    /// The canonical IANA zone id (Asia/Seoul).
    var zoneID: String { get }
    /// ISO 3166-1 alpha-2 (KR; ZZ for UTC).
    var countryCode: String { get }
    /// How many people live there (0 when unknown): bigger places rank first.
    var population: Int { get }
}
