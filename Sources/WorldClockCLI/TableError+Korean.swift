import WorldClockKit

extension CatalogueError {
    /// The error in Korean, `file:line:` first as compilers write it.
    var korean: String {
        guard case .table(let error) = kind else {
            // ICU (dlopen'ed for a user's own table only) is missing or failed: say what to do.
            return Terminal.printable(
                "ICU로 표를 정렬하지 못했습니다(\(description)). 시스템 ICU 72(libicu72)를 설치하거나 --data 없이 번들 표를 쓰세요")
        }
        let location = error.line.map { "\(error.path):\($0)" } ?? error.path
        return Terminal.printable("\(location): \(error.koreanMessage)")
    }
}

extension TableError {
    /// `message` in Korean; a problem added later falls back to the English message.
    var koreanMessage: String {
        func quoted(_ text: String) -> String { "\"\(Terminal.printable(text, limit: 60))\"" }
        switch problem {
        case .unreadable(let reason): return "표를 읽을 수 없습니다(\(reason))"
        case .invalidUTF8(let offset): return "이 줄의 \(offset)번째 바이트가 올바른 UTF-8이 아닙니다. 파일을 UTF-8로 저장하세요"
        case .byteOrderMark: return "파일이 BOM으로 시작합니다. BOM 없는 UTF-8로 저장하세요"
        case .carriageReturn: return "줄 끝이 CRLF나 CR입니다. LF로 저장하세요"
        case .missingHeader(let expected): return "머리 줄이 없습니다. # 주석이 아닌 첫 줄은 이래야 합니다: \(expected)"
        case .wrongHeader(let found, let expected): return "머리 줄이 \(quoted(found))입니다. 이래야 합니다: \(expected)"
        case .wrongColumnCount(let found, let expected):
            return "탭으로 나눈 열이 \(found)개입니다. \(expected.count)개(\(expected.joined(separator: ", ")))여야 합니다"
        case .badPopulation(let text): return "population \(KoreanParticle.attach(.topic, to: quoted(text))) 사람 수(숫자만, 모르면 0)가 아닙니다"
        case .placeListedTwice(let name): return "\(KoreanParticle.attach(.topic, to: quoted(name))) 목록 표에도 있는 곳입니다. 한 곳은 한 번만 나옵니다"
        case .unknownTermKind(let kind):
            return "kind \(KoreanParticle.attach(.topic, to: quoted(kind))) \(Term.Kind.allCases.map(\.rawValue).joined(separator: ", ")) 중 하나가 아닙니다"
        case .badUsual(let value): return "usual \(KoreanParticle.attach(.topic, to: quoted(value))) \"yes\"도 빈칸도 아닙니다"
        case .unknownTarget(let target): return "target \(quoted(target))에 해당하는 곳 이름(나라라면 나라 코드)이 없습니다"
        case .emptyField(let column): return "\(KoreanParticle.attach(.subject, to: column)) 비어 있습니다"
        case .surroundingWhitespace(let column): return "\(column)의 앞이나 뒤에 공백이 있습니다"
        case .emptyAlias: return "aliases에 빈 별칭이 있습니다(\";\"가 두 번 잇달아 있거나 끝에 있습니다)"
        case .badCountryCode(let code): return "country_code \(KoreanParticle.attach(.topic, to: quoted(code))) 대문자 두 글자(ISO 3166-1 alpha-2)가 아닙니다"
        case .duplicateName(let name, let first): return "이름 \(KoreanParticle.attach(.subject, to: quoted(name))) 겹칩니다(처음 나온 줄: \(first))"
        case .unknownZone(let zone): return "알 수 없는 시간대 \(quoted(zone))"
        case .noRows: return "머리 줄만 있고 곳이 하나도 없습니다"
        @unknown default: return message
        }
    }
}
