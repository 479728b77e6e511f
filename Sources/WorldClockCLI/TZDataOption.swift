import TimeZoneRules

/// `--tzdata DIR`, and the choice of time-zone rules it leads to, with the warning a user should see.
package struct TZDataOption {
    package static let options: [OptionSpec] = [
        .option(
            "tzdata", value: "디렉터리", help: "시간대 규칙을 이 zoneinfo 디렉터리에서 읽습니다. bundled는 바이너리에 내장된 사본입니다(기본값: TZDIR, 없으면 시스템 tzdata와 내장 사본 중 새것).",
            english:
                """
                Reads the time-zone rules from this zoneinfo directory; bundled is the copy compiled into the binary (default: TZDIR, else the \
                newer of the system tzdata and the bundled copy).
                """
        )
    ]

    let tzdata: String?

    package init(_ arguments: ParsedArguments) { tzdata = arguments.value("tzdata") }

    /// The rules to use; a warning about them goes to stderr when `warn` is set, once
    /// (`Notices`): the next command, which chooses the same rules, says nothing, and `doctor`
    /// says it again.
    package func choice(warn: Bool = true) throws -> TZDataChoice {
        let choice: TZDataChoice
        if let tzdata {
            do { choice = try TZDataChoice.choose(option: tzdata) } catch { throw CLIError.usage("--tzdata: \(error.korean)") }
        } else {
            choice = .automatic
        }
        if warn, let warning = choice.warning {
            Notices.configured.sayOnce(warning.korean)
        }
        return choice
    }

    /// The database of `choice()`.
    package func database() throws -> TZDatabase { try choice().database }
}

extension TZDataWarning {
    /// The warning as the CLI says it.
    var korean: String {
        switch self {
        case .systemOlder(let source, let version?, let bundled):
            "시스템 tzdata(\(source.directory ?? ""), \(version))가 내장 tzdata(\(bundled?.description ?? "?"))보다 오래되어 내장 규칙으로 시각을 계산합니다."
        case .systemOlder(let source, nil, let bundled):
            "시스템 tzdata(\(source.directory ?? ""))에 버전 표시가 없어 내장 tzdata(\(bundled?.description ?? "?"))로 시각을 계산합니다."
        case .noSystemTZData(let searched):
            "시스템 tzdata를 찾지 못해(\(searched.joined(separator: ", "))) 내장 규칙으로 시각을 계산합니다."
        case .explicitOlder(let source, let version, let bundled):
            "\(source)의 tzdata(\(version?.description ?? "버전 표시 없음"))가 내장 tzdata(\(bundled?.description ?? "?"))보다 오래되었지만 지정한 대로 씁니다."
        case .environmentNotZoneinfo(let directory):
            "TZDIR(\(directory))에 zoneinfo가 없어 무시합니다."
        }
    }
}

extension TZDataError {
    /// The error as the CLI says it.
    var korean: String {
        switch self {
        case .notZoneinfo(let directory): "zoneinfo 디렉터리가 아닙니다(UTC나 Etc/UTC TZif 파일이 없음): \(directory)"
        }
    }
}
