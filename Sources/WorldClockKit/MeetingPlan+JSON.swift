#if canImport(FoundationEssentials)
public import MeetingPlanning
import FoundationEssentials
#else
import Foundation
#endif

// The planner's answers as the CLI's `plan --json` prints them: the one wire shape that
// MeetingPlanning writes (`MeetingPlan.wireJSON(weekly:)`, the web module's answer too), read back
// here so that the feed's encoder sorts and indents it.

extension MeetingPlan: Encodable {
    /// The plan in its one wire shape (`wireJSON()`, without a weekly series).
    public func encode(to encoder: any Encoder) throws { try WirePlan(self).encode(to: encoder) }
}

/// A plan and its weekly series in the plan's one wire shape, as an `Encodable` value:
/// what `plan --json --weekly N` prints.
package struct WirePlan: Encodable {
    private let json: [UInt8]

    /// `plan`, with `weekly` when a weekly series was asked for.
    public init(_ plan: MeetingPlan, weekly: [MeetingOccurrence]? = nil) { json = plan.wireJSON(weekly: weekly) }

    /// The wire JSON's values, read back and encoded as they are.
    public func encode(to encoder: any Encoder) throws {
        try JSONDecoder().decode(WireValue.self, from: Data(json)).encode(to: encoder)
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
