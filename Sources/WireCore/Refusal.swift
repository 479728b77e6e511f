/// Every refusal worldclock answers with, on every surface, in one table: its stable code (the
/// `code` of the JSON error `{"error":{"code":…,"message":…}}`), the HTTP status the feed answers
/// it with, the exit code the CLI ends with, and what it means in Korean.
///
/// The only place a code is spelled. The server (`APIError`), the CLI (`CLIError`, `UsageError`),
/// the kit (`SearchError.code`, `MeetingRequestError.code`) and the web module map through it, each
/// with an exhaustive `switch`: a case a surface does not map fails to compile, and `RefusalTests`
/// holds every case to every surface. A surface's message may say more (which parameter, what
/// limit); the code, status and exit code are the table's.
package enum Refusal: CaseIterable, Sendable {
    // Nothing to answer.
    case notFound, unknownZone
    // The command line or the request is wrong.
    case usage, invalidUTF8, emptyQuery, queryTooLong, tooManyCombiningMarks, badRequest
    case missingParameter, unknownParameter, duplicateParameter, queryStringTooLong, invalidPercentEncoding
    case invalidAt, invalidTransitions, invalidSection, invalidLimit, invalidZones
    case malformedRequest, headersTooLarge, methodNotAllowed
    // The data, the input and output, the server's state.
    case data, io, internalError, tooManyConnections, busy, shuttingDown, clientClosedRequest

    /// The code, the HTTP status, the exit code and the Korean message of each refusal.
    private var row: (code: String, status: Int, exit: Int32, message: String) {
        switch self {
        case .notFound: ("not_found", 404, 1, "찾는 것이 없습니다")
        case .unknownZone: ("unknown_zone", 404, 1, "목록에 없는 시간대입니다")
        case .usage: ("usage", 400, 2, "명령을 잘못 썼습니다")
        case .invalidUTF8: ("invalid_utf8", 400, 2, "올바른 UTF-8이 아닙니다")
        case .emptyQuery: ("empty_query", 400, 2, "검색어가 비어 있습니다")
        case .queryTooLong: ("query_too_long", 400, 2, "검색어가 너무 깁니다")
        case .tooManyCombiningMarks: ("too_many_combining_marks", 400, 2, "검색어에 결합 문자가 너무 많이 이어집니다")
        case .badRequest: ("bad_request", 400, 2, "요청이 규칙에 맞지 않습니다")
        case .missingParameter: ("missing_parameter", 400, 2, "꼭 필요한 매개변수가 없습니다")
        case .unknownParameter: ("unknown_parameter", 400, 2, "알 수 없는 매개변수입니다")
        case .duplicateParameter: ("duplicate_parameter", 400, 2, "매개변수가 두 번 이상 있습니다")
        case .queryStringTooLong: ("query_string_too_long", 400, 2, "쿼리 문자열이 너무 깁니다")
        case .invalidPercentEncoding: ("invalid_percent_encoding", 400, 2, "퍼센트 인코딩이 올바르지 않습니다")
        case .invalidAt: ("invalid_at", 400, 2, "시각을 읽을 수 없습니다")
        case .invalidTransitions: ("invalid_transitions", 400, 2, "전환 기간을 읽을 수 없습니다")
        case .invalidSection: ("invalid_section", 400, 2, "없는 섹션입니다")
        case .invalidLimit: ("invalid_limit", 400, 2, "개수가 허용 범위 밖입니다")
        case .invalidZones: ("invalid_zones", 400, 2, "시간대 목록을 읽을 수 없습니다")
        case .malformedRequest: ("malformed_request", 400, 2, "올바른 HTTP/1.1 요청이 아닙니다")
        case .headersTooLarge: ("headers_too_large", 431, 2, "요청 헤더가 너무 큽니다")
        case .methodNotAllowed: ("method_not_allowed", 405, 2, "이 경로에서 쓸 수 없는 메서드입니다")
        case .data: ("data", 500, 3, "데이터 오류입니다")
        case .io: ("io", 500, 4, "입출력 오류입니다")
        case .internalError: ("internal_error", 500, 3, "서버가 답하지 못했습니다")
        case .tooManyConnections: ("too_many_connections", 503, 4, "서버의 연결이 한도에 찼습니다. 잠시 뒤 다시 하세요")
        case .busy: ("busy", 503, 4, "서버가 바쁩니다. 잠시 뒤 다시 하세요")
        case .shuttingDown: ("shutting_down", 503, 4, "서버가 멈추는 중입니다")
        case .clientClosedRequest: ("client_closed_request", 499, 4, "답하기 전에 클라이언트가 연결을 닫았습니다")
        }
    }

    /// The stable machine-readable code: `empty_query`, `not_found`, ….
    package var code: String { row.code }
    /// The HTTP status the feed answers with.
    package var httpStatus: Int { row.status }
    /// The CLI's exit code: 1 nothing found, 2 usage, 3 data, 4 input, output or network.
    package var exitCode: Int32 { row.exit }
    /// What it means, in Korean.
    package var message: String { row.message }

    /// The refusal whose code is `code`, nil for none.
    package init?(code: String) {
        guard let found = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = found
    }
}

/// Every warning worldclock gives and goes on after, in the table beside the refusals: its stable
/// code (with `--json`, one line `{"warning":{"code":…,"message":…}}` on standard error).
package enum Caution: CaseIterable, Sendable {
    /// The clocks file, or a line of it, could not be read: the rest is used.
    case clocksFileUnreadable
    /// The clocks file names two references: the last is used.
    case clocksReferenceRepeated
    /// The clocks file's reference is a zone this tzdata lacks: none is used.
    case clocksReferenceUnknown

    /// The stable machine-readable code.
    package var code: String {
        switch self {
        case .clocksFileUnreadable: "clocks_file_unreadable"
        case .clocksReferenceRepeated: "clocks_reference_repeated"
        case .clocksReferenceUnknown: "clocks_reference_unknown"
        }
    }
}
