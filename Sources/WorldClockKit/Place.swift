/// One name of the catalogue: a Korean city name with its country and canonical IANA zone.
/// Several places may share a zone (서울 and 부산 are both Asia/Seoul).
///
/// The one model of a place from the table (`ZoneTableRow`) to the wire (`FeedPlace`): its JSON
/// is the feed's six place fields; `population` and `isListed` stay in the catalogue.
public struct Place: Hashable, Sendable, Identifiable, Codable {
    /// The Korean name a user searches (뉴욕); unique in the catalogue, so it is also the id.
    public let name: String
    /// The Korean country or territory name (미국).
    public let country: String
    /// ISO 3166-1 alpha-2 (US; ZZ for UTC).
    public let countryCode: String
    /// The canonical IANA zone id (Asia/Kolkata, never Asia/Calcutta).
    public private(set) var zoneID: String
    /// The English name (New York).
    public let englishName: String
    /// Old spellings and other names a user may search (키예프 for 키이우, 하바나 for 아바나).
    public let aliases: [String]
    /// How many people live there (GeoNames; 0 when unknown): search ranks bigger places first.
    public let population: Int
    /// Whether the list (`list`, the feed's sections) shows the place; the others are found by search only.
    public private(set) var isListed: Bool

    /// The Korean name, unique in the catalogue.
    public var id: String { name }

    /// A place; `population` ranks search results, `isListed` says whether the list shows it.
    public init(
        name: String, country: String, countryCode: String, zoneID: String, englishName: String, aliases: [String],
        population: Int = 0, isListed: Bool = true
    ) {
        self.name = name
        self.country = country
        self.countryCode = countryCode
        self.zoneID = zoneID
        self.englishName = englishName
        self.aliases = aliases
        self.population = population
        self.isListed = isListed
    }

    /// The same place under another zone id (its canonical one).
    func inZone(_ zoneID: String) -> Place {
        var place = self
        place.zoneID = zoneID
        return place
    }

    /// The same place, found by search only.
    var searchOnly: Place {
        var place = self
        place.isListed = false
        return place
    }

    enum CodingKeys: String, CodingKey {
        case name, country, countryCode = "country_code", zoneID = "zone", englishName = "english", aliases
    }

    /// A place read from the feed: what the wire carries (no population; listed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name), country: try container.decode(String.self, forKey: .country),
            countryCode: try container.decode(String.self, forKey: .countryCode), zoneID: try container.decode(String.self, forKey: .zoneID),
            englishName: try container.decode(String.self, forKey: .englishName), aliases: try container.decode([String].self, forKey: .aliases))
    }
}
