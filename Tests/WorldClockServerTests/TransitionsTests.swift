import Foundation
import Testing

@testable import WorldClockServer

/// The transitions ahead that let a clock app compute local times offline (tzdata 2026f, bundled).
@Suite("Transitions in the feed")
struct TransitionsTests {
    @Test("/v1/sections carries every zone's transitions for a year after the instant")
    func sections() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/sections?at=2026-11-23T12:00:00Z", method: .get) { response in
                #expect(response.status == .ok)
                let transitions = try #require(response.json["transitions"] as? [String: [[String: Any]]])
                #expect(transitions.count == catalogue.zoneIDs.count)
                let newYork = try #require(transitions["America/New_York"])
                #expect(newYork.map { $0["at"] as? String } == ["2027-03-14T07:00:00Z", "2027-11-07T06:00:00Z"])
                #expect(newYork.map { $0["abbreviation"] as? String } == ["EDT", "EST"])
                #expect(newYork.first?["utc_offset_seconds"] as? Int == -4 * 3600)
                #expect(newYork.first?["dst"] as? Bool == true)
                // British Columbia and Cuba in 2026f: Vancouver never changes again, Havana once (to CST).
                #expect(transitions["America/Vancouver"]?.isEmpty == true)
                #expect(transitions["America/Havana"]?.map { $0["at"] as? String } == ["2027-11-07T05:00:00Z"])
                #expect(transitions["Asia/Seoul"]?.isEmpty == true)
                #expect(response.json["transitions_until"] as? String == "2027-11-23T12:00:00Z")
            }
        }
    }

    @Test("One section's feed has only its zones' transitions; transitions=0 gives empty lists")
    func oneSection() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/sections?section=%E3%84%B4&at=2026-11-23T12:00:00Z&transitions=0", method: .get) { response in
                let transitions = try #require(response.json["transitions"] as? [String: [Any]])
                let sections = try #require(response.json["sections"] as? [[String: Any]])
                let zones = Set(sections.flatMap { ($0["places"] as? [[String: Any]] ?? []).compactMap { $0["zone"] as? String } })
                #expect(Set(transitions.keys) == zones)
                #expect(transitions.values.allSatisfy { $0.isEmpty })
                #expect(response.json["transitions_until"] as? String == "2026-11-23T12:00:00Z")
            }
        }
    }

    @Test("/v1/zones/{zone} carries its transitions; the window follows ?transitions=")
    func zone() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/America/Havana?at=2026-11-23T12:00:00Z&transitions=730", method: .get) { response in
                let transitions = try #require(response.json["transitions"] as? [[String: Any]])
                #expect(transitions.first?["at"] as? String == "2027-11-07T05:00:00Z")
                #expect(transitions.first?["abbreviation"] as? String == "CST")
                #expect(response.json["transitions_until"] as? String == "2028-11-22T12:00:00Z")
                // Cuba is on −4 (CDT) now, where Foundation's 2025b would say CST −5.
                #expect(response.json["utc_offset"] as? String == "-04:00")
            }
            try await client.execute(uri: "/v1/zones/Europe/Dublin?at=2026-07-15T12:00:00Z", method: .get) { response in
                // Negative DST in tz, shown as users read it: summer IST is DST.
                #expect(response.json["dst"] as? Bool == true)
                #expect(response.json["dst_offset"] as? Int == 3600)
                #expect(response.json["raw_offset"] as? Int == 0)
                #expect(response.json["abbreviation"] as? String == "IST")
            }
        }
    }

    @Test("An alias keeps a non-default window in its Content-Location")
    func aliasWindow() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/Asia/Calcutta?transitions=30", method: .get) { response in
                #expect(response.headers[.contentLocation] == "/v1/zones/Asia/Kolkata?transitions=30")
            }
        }
    }
}
