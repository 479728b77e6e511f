/// A place's fields as the wire carries them: the kit's `Place` and the web module's place both
/// have these names, and `JSONWriter.place` writes either.
package protocol WirePlace {
    /// The Korean name (뉴욕).
    var name: String { get }
    /// The Korean country name (미국).
    var country: String { get }
    /// ISO 3166-1 alpha-2 (US).
    var countryCode: String { get }
    /// The canonical IANA zone id.
    var zoneID: String { get }
    /// The English name (New York).
    var englishName: String { get }
    /// Other names a user may search.
    var aliases: [String] { get }
}

/// The feed's shapes on the wire, each written by one function for every surface (the server, the
/// CLI's `--json`, the export and the web module); keys in byte order.
extension JSONWriter {
    /// A place: `{"aliases":[…],"country":…,"country_code":…,"english":…,"name":…,` the fields
    /// `between` writes (`relative`, `time`, `upcoming_change`), `"zone":…}`.
    public mutating func place(_ place: some WirePlace, between: (inout JSONWriter) -> Void = { _ in }) {
        object { json in
            json.field("aliases", place.aliases)
            json.field("country", place.country)
            json.field("country_code", place.countryCode)
            json.field("english", place.englishName)
            json.field("name", place.name)
            between(&json)
            json.field("zone", place.zoneID)
        }
    }

    /// A section of the index: `{"places":` what `places` writes (an array), `,"title":"ㄱ"}`.
    public mutating func section(title: String, places: (inout JSONWriter) -> Void) {
        object { json in
            json.field("places", writing: places)
            json.field("title", title)
        }
    }

    /// The facts a device that keeps time with `TZ` needs of a zone, null as null:
    /// `{"posix_tz":…,"posix_tz_exact_from":…}`.
    public mutating func zoneFacts(posixTZ: String?, exactFrom: String?) {
        object { json in
            json.field("posix_tz", posixTZ)
            json.field("posix_tz_exact_from", exactFrom)
        }
    }

    /// The feed: `{"at":…,"index_titles":[…],"meta":{…},"sections":[…],"titles":[…],
    /// "transitions":{…},"transitions_until":…,"version":1,"zones":{…}}`, the parts that change with
    /// the instant written by their closures (the server cuts its bodies' pieces from this writer).
    public mutating func feed(
        at: (inout JSONWriter) -> Void, indexTitles: [String]?, meta: (inout JSONWriter) -> Void, sections: (inout JSONWriter) -> Void,
        titles: [String], transitions: (inout JSONWriter) -> Void, transitionsUntil: (inout JSONWriter) -> Void,
        zones: ((inout JSONWriter) -> Void)?
    ) {
        object { json in
            json.field("at", writing: at)
            json.field("index_titles", ifPresent: indexTitles)
            json.field("meta", writing: meta)
            json.field("sections", writing: sections)
            json.field("titles", titles)
            json.field("transitions", writing: transitions)
            json.field("transitions_until", writing: transitionsUntil)
            json.field("version", 1)
            if let zones { json.field("zones", writing: zones) }
        }
    }

    /// The versions and counts behind a body (`/v1/meta`, the feed's `meta`); nil fields left out.
    public mutating func meta(
        catalogueDigest: String, icuVersion: String, license: String?, placeCount: Int, rulesDigest: String?,
        server: (version: String, commit: String?)?, sources: [(name: String, license: String, url: String, provides: String)]?,
        tzdataSource: String, tzdataVersion: String, zoneCount: Int
    ) {
        object { json in
            json.field("catalogue_digest", catalogueDigest)
            json.field("icu_version", icuVersion)
            json.field("license", ifPresent: license)
            json.field("place_count", placeCount)
            json.field("rules_digest", ifPresent: rulesDigest)
            if let server {
                json.field("server") { json in
                    json.object { json in
                        json.field("commit", ifPresent: server.commit)
                        json.field("version", server.version)
                    }
                }
            }
            if let sources {
                json.field("sources") { json in
                    json.array(sources) { json, source in
                        json.object { json in
                            json.field("license", source.license)
                            json.field("name", source.name)
                            json.field("provides", source.provides)
                            json.field("url", source.url)
                        }
                    }
                }
            }
            json.field("tzdata_source", tzdataSource)
            json.field("tzdata_version", tzdataVersion)
            json.field("zone_count", zoneCount)
        }
    }

    /// A search's answer and its notes: `{"former":{"abbreviation":…,"places":[…]},
    /// "keyboard_conversion":…,"only_former":…,"query":…,"results":[…],"total":…}`, each result
    /// written by `result`; the notes left out when there are none.
    public mutating func searchAnswer<Results: Sequence>(
        query: String, keyboardConversion: String?, total: Int, former: (abbreviation: String, places: [String])?, onlyFormer: String?,
        results: Results, result: (inout JSONWriter, Results.Element) -> Void
    ) {
        object { json in
            if let former {
                json.field("former") { json in
                    json.object { json in
                        json.field("abbreviation", former.abbreviation)
                        json.field("places", former.places)
                    }
                }
            }
            json.field("keyboard_conversion", ifPresent: keyboardConversion)
            json.field("only_former", ifPresent: onlyFormer)
            json.field("query", query)
            json.field("results") { $0.array(results, result) }
            json.field("total", total)
        }
    }

    /// One search result: `{"match":{"field":…,"field_name":…,"kind":…,"kind_name":…,"label":…,
    /// "text":…,"utf16_end":…,"utf16_start":…},"place":…}`, the place written by `place`; no
    /// `label` when the match has none.
    public mutating func searchResult(
        kind: String, kindName: String, field: String, fieldName: String, text: String, label: String?, utf16Start: Int, utf16End: Int,
        place: (inout JSONWriter) -> Void
    ) {
        object { json in
            json.field("match") { json in
                json.object { json in
                    json.field("field", field)
                    json.field("field_name", fieldName)
                    json.field("kind", kind)
                    json.field("kind_name", kindName)
                    json.field("label", ifPresent: label)
                    json.field("text", text)
                    json.field("utf16_end", utf16End)
                    json.field("utf16_start", utf16Start)
                }
            }
            json.field("place", writing: place)
        }
    }
}
