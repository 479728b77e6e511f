#if canImport(FoundationEssentials)
public import MeetingPlanning
import FoundationEssentials
#else
import Foundation
#endif

// The plan as an `Encodable` value, for an app that encodes it with the rest of its own JSON: the
// one wire shape MeetingPlanning writes (`MeetingPlan.wireJSON(weekly:)`, which the CLI's
// `plan --json` and the web module print as it is), read back.

extension MeetingPlan: Encodable {
    /// The plan in its one wire shape (`wireJSON()`, without a weekly series).
    public func encode(to encoder: any Encoder) throws {
        try JSONDecoder().decode(WireValue.self, from: Data(wireJSON())).encode(to: encoder)
    }
}

/// Any value of the wire JSON, read back (the plan has no floats and no nulls).
private enum WireValue: Codable {
    case object([String: WireValue]), array([WireValue]), string(String), integer(Int64), bool(Bool)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([WireValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: WireValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let values): try container.encode(values)
        case .string(let text): try container.encode(text)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}
