import WireCore

/// What a meeting plan is asked for: who, on which days, how long, at what step.
///
/// **One set of rules** for every surface (the CLI, the kit, the web page's module), checked by
/// `validate()`: a length of 5 minutes to 24 hours in whole minutes, a step of 15, 30 or 60
/// minutes, 1 to 20 places, 1 to 31 consecutive days in the years 0001–9999, 1 to 20 ranked
/// slots, and a weekly series of 1 to 104 weeks (`validateWeeks`). `MeetingPlanner.plan` and
/// `.weekly` plan nothing for a request that breaks them. Every surface reads its limits here (the
/// web page from the module's `wc_plan_limits`).
public struct MeetingRequest: Sendable {
    /// The places taking part, in the order the plan lists them.
    public var places: [MeetingPlace]
    /// The zone whose days the dates are and whose wall clock the candidate starts step along.
    public var reference: WallClock
    /// The days, in the reference zone (one, or a range), as days since 1970-01-01.
    public var days: [Int]
    /// The meeting's length in seconds (3600: one hour): `lengths`, in whole minutes.
    public var length: Int
    /// Seconds between candidate starts: one of `steps` (900, 1800 or 3600).
    public var step: Int
    /// How many ranked slots the plan keeps: within `limits`.
    public var limit: Int
    /// The current instant (seconds since 1970): a slot starting before it is past, never among
    /// the best. nil: no slot is past (a plan for a day already gone, read back).
    public var now: Int64?

    /// A request; `length` and `step` in seconds, `now` the instant before which slots are past.
    /// `validate()` says whether it keeps the rules.
    public init(
        places: [MeetingPlace], reference: WallClock, days: [Int], length: Int = 3600, step: Int = 1800, limit: Int = 5, now: Int64? = nil
    ) {
        self.now = now
        self.places = places
        self.reference = reference
        self.days = days
        self.length = length
        self.step = step
        self.limit = limit
    }

    /// Meeting lengths, in seconds: 5 minutes to 24 hours.
    public static let lengths = 300...86_400
    /// Steps between candidate starts, in seconds: 15, 30 or 60 minutes.
    public static let steps = [900, 1800, 3600]
    /// How many places a meeting may have.
    public static let placeCounts = 1...20
    /// How many consecutive days a plan may cover.
    public static let dayCounts = 1...31
    /// The days a plan may cover, since 1970-01-01: 0001-01-01 … 9999-12-31.
    public static let dayRange = -719_162...2_932_896
    /// How many ranked slots a plan may keep.
    public static let limits = 1...20
    /// How many weeks a weekly series may have (`MeetingPlanner.weekly`).
    public static let weekCounts = 1...104

    /// Checks the request against the rules every surface shares.
    /// - Throws: `MeetingRequestError` for the first rule broken, with its Korean message.
    public func validate() throws(MeetingRequestError) {
        guard Self.lengths.contains(length), length % 60 == 0 else { throw .length(seconds: length) }
        guard Self.steps.contains(step) else { throw .step(seconds: step) }
        guard Self.placeCounts.contains(places.count) else { throw .placeCount(places.count) }
        guard let first = days.first else { throw .dayCount(0) }
        try Self.validateDays(first: first, count: days.count)
        for (offset, day) in days.enumerated() where day != first + offset { throw .daysNotConsecutive }
        guard Self.limits.contains(limit) else { throw .limit(limit) }
    }

    /// Checks a run of `count` days from `first` before it is built (a surface given a first day
    /// and a count calls this, so that a count of a million is refused, not allocated).
    /// - Throws: `MeetingRequestError.dayCount` or `.dayOutOfRange`.
    package static func validateDays(first: Int, count: Int) throws(MeetingRequestError) {
        guard dayCounts.contains(count) else { throw .dayCount(count) }
        guard dayRange.contains(first), first <= dayRange.upperBound - (count - 1) else { throw .dayOutOfRange }
    }

    /// Checks the length of a weekly series (`MeetingPlanner.weekly`).
    /// - Throws: `MeetingRequestError.weekCount` outside `weekCounts`.
    public static func validateWeeks(_ weeks: Int) throws(MeetingRequestError) {
        guard weekCounts.contains(weeks) else { throw .weekCount(weeks) }
    }
}

/// A rule of `MeetingRequest` that a request breaks: the same refusal, in the same Korean, on
/// every surface (the CLI's message, the kit's error, the web module's `bad_request`).
public enum MeetingRequestError: Error, Equatable, Sendable {
    /// The length (seconds) is not 5 minutes to 24 hours in whole minutes.
    case length(seconds: Int)
    /// The step (seconds) is not 15, 30 or 60 minutes.
    case step(seconds: Int)
    /// No places, or more than 20.
    case placeCount(Int)
    /// No days, or more than 31.
    case dayCount(Int)
    /// The days do not follow one another.
    case daysNotConsecutive
    /// A day before 0001-01-01 or after 9999-12-31.
    case dayOutOfRange
    /// The number of ranked slots is not 1 to 20.
    case limit(Int)
    /// A weekly series of no weeks, or more than 104.
    case weekCount(Int)

    /// The error code every surface answers with: `refusal`'s.
    public var code: String { refusal.code }

    /// The refusal in the table every surface maps through (`Refusal`): one for every rule.
    package var refusal: Refusal { .badRequest }

    /// What is wrong and what is taken, in Korean: "회의 길이 3분: 5분부터 24시간까지, 분 단위로 씁니다".
    public var message: String {
        switch self {
        case .length(let seconds): "회의 길이 \(Self.spoken(seconds)): 5분부터 24시간까지, 분 단위로 씁니다"
        case .step(let seconds): "살펴볼 간격 \(Self.spoken(seconds)): 15분, 30분, 1시간 가운데 하나입니다"
        case .placeCount(0): "회의할 곳이 없습니다(\(Self.range(MeetingRequest.placeCounts))곳)"
        case .placeCount(let count): "회의할 곳이 \(count)곳입니다: \(MeetingRequest.placeCounts.upperBound)곳까지 됩니다"
        case .dayCount(0): "회의할 날이 없습니다(\(Self.range(MeetingRequest.dayCounts))일)"
        case .dayCount(let count): "회의할 날이 \(count)일입니다: \(MeetingRequest.dayCounts.upperBound)일까지 됩니다"
        case .daysNotConsecutive: "회의할 날은 처음부터 끝까지 이어진 날들입니다"
        case .dayOutOfRange: "0001년부터 9999년까지의 날만 됩니다"
        case .limit(let count): "고를 시각 \(count)개: \(Self.range(MeetingRequest.limits))개입니다"
        case .weekCount(let weeks): "매주 되풀이할 주 \(weeks)주: \(Self.range(MeetingRequest.weekCounts))주입니다"
        }
    }

    /// `1–20`: a rule's range as the message says it.
    static func range(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)–\(range.upperBound)" }

    /// `3분`, `1시간 30분`, `90초`, `−5분`: a length as the message says it.
    static func spoken(_ seconds: Int) -> String {
        if seconds < 0 { return "\u{2212}" + spoken(0 - seconds) }
        guard seconds % 60 == 0 else { return "\(seconds)초" }
        let hours = seconds / 3600, minutes = seconds % 3600 / 60
        if hours == 0 { return "\(minutes)분" }
        return minutes == 0 ? "\(hours)시간" : "\(hours)시간 \(minutes)분"
    }
}
