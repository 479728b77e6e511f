import ServerConfiguration
import TimeZoneRules
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve` and `export` run in `worldclock-server`, the binary built and installed beside
/// `worldclock`: the HTTP server (NIO, Hummingbird, compression) is most of the code, and having it
/// in the CLI cost every other command about a millisecond, a tenth of a hello-world, to load and
/// relocate (issue 15). `worldclock serve …` reads its command line as every command does (help and
/// usage errors come from here), then hands it whole to `worldclock-server serve …`, whose own
/// `ServeCommand` checks the values and serves.
package enum ServerCommands {
    package static let serve = CommandSpec(
        name: "serve",
        abstract: "피드를 HTTP로 제공합니다: /v1/sections, /v1/search, /v1/zones/{id}, /v1/meta, /healthz, /readyz, /metrics, /openapi.yaml, 웹 앱 /.",
        english:
            """
            Serves the feed over HTTP: /v1/sections, /v1/search, /v1/zones/{id}, /v1/meta, /healthz, /readyz, /metrics, /openapi.yaml, the web \
            app at /. On SIGTERM or SIGINT, /readyz answers 503 and it keeps answering for --drain seconds with Connection: close, then stops \
            accepting, finishes the requests in progress and exits 0. SIGHUP reloads the tzdata (also checked every minute).
            """,
        discussion:
            """
            SIGTERM이나 SIGINT를 받으면 /readyz가 503을 답하고, --drain 동안 응답마다 연결을 닫으며 계속 답한 뒤, 새 연결을 더 받지 않고 처리 중인 요청을 마치고 종료 코드 0으로 멈춥니다. SIGHUP을 받으면 \
            tzdata를 다시 읽습니다(1분마다 스스로도 확인합니다). 한도(연결 수, 시간 초과)에 걸리면 로그에 남깁니다(1초에 한 번까지).
            """,
        options: [
            .option(
                "host", value: "주소", help: "받을 주소(기본값: \(FeedServerConfiguration().host)).",
                english: "Address to listen on (default: \(FeedServerConfiguration().host))."),
            .option(
                "port", value: "포트", help: "받을 포트, 0–65535(기본값: \(FeedServerConfiguration().port)).",
                english: "Port to listen on, 0–65535 (default: \(FeedServerConfiguration().port))."),
            .flag("quiet", help: "요청마다 남기는 로그 줄을 끕니다.", english: "Turns off the log line of each request."),
            .option(
                "idle-timeout", value: "초", help: "이만큼 아무 요청이 없는 연결(keep-alive)을 닫습니다, 1–3600(기본값: \(Self.defaults.idleTimeout)).",
                english: "Closes a keep-alive connection idle this many seconds, 1–3600 (default: \(Self.defaults.idleTimeout))."),
            .option(
                "request-timeout", value: "초",
                help: "요청의 첫 바이트 뒤 이만큼 안에 요청이 다 오지 않으면 연결을 닫습니다(slowloris), 1–600(기본값: \(Self.defaults.requestTimeout)).",
                english:
                    """
                    Closes a connection whose request has not all arrived this many seconds after its first byte (slowloris), 1–600 (default: \
                    \(Self.defaults.requestTimeout)).
                    """
            ),
            .option(
                "max-connections", value: "수",
                help: "동시에 받는 연결 수. 넘으면 503을 보냅니다(기본값: \(FeedServerConfiguration.defaultMaxConnections), 열 수 있는 파일 수에서 정함).",
                english:
                    """
                    Connections served at once; more get 503 (default: \(FeedServerConfiguration.defaultMaxConnections), from the open-file \
                    limit).
                    """),
            .option(
                "metrics-address", value: "호스트:포트|main|off",
                help: "/metrics(Prometheus 형식)를 이 주소에서 따로 제공합니다. main이면 피드와 같은 포트, off면 끕니다(기본값: 127.0.0.1:9464).",
                english:
                    """
                    Serves /metrics (Prometheus text format) alone on this address; main puts it on the feed's port, off turns it off (default: \
                    127.0.0.1:9464).
                    """
            ),
            .option(
                "metrics-port", value: "포트|off",
                help: "예전 형식: /metrics를 --host의 이 포트에서 제공하거나, off면 끕니다. --metrics-address가 우선합니다.",
                english: "Older form: serves /metrics on this port of --host, or not at all with off; --metrics-address wins."),
            .option(
                "trusted-proxy", value: "주소",
                help: "이 주소(또는 주소/비트 수)의 프록시가 보낸 X-Forwarded-For와 Forwarded로 클라이언트 주소를 로그에 남깁니다. 여러 번 줄 수 있고, 환경 변수에는 쉼표로 나눠 씁니다.",
                english:
                    """
                    Logs the client address from X-Forwarded-For and Forwarded when the peer is this proxy (an address, or address/bits); \
                    repeatable, comma-separated in the variable.
                    """
            ),
            .option(
                "log-format", value: "형식", help: "로그 형식: text(기본값) 또는 json(한 줄에 JSON 객체 하나).",
                english: "Log format: text (default) or json (one JSON object a line)."),
            .option(
                "log-level", value: "수준", help: "이 수준부터 로그에 남깁니다: trace, debug, info(기본값), notice, warning, error, critical.",
                english: "Logs from this level on: trace, debug, info (default), notice, warning, error, critical."),
            .option(
                "log-priority-prefix", value: "auto|on|off",
                help: "줄마다 sd-daemon 우선순위(<3> 오류, <4> 경고, <6> 정보)를 앞에 붙입니다. auto(기본값)는 표준 오류가 journal일 때(JOURNAL_STREAM)만 붙입니다.",
                english:
                    """
                    Begins each log line with its sd-daemon priority (<3> error, <4> warning, <6> info) for the journal; auto (default) does \
                    when stderr is the journal (JOURNAL_STREAM).
                    """
            ),
            .option(
                "drain", value: "초",
                help: "SIGTERM 뒤 이만큼 더 답하며(/readyz는 503) 로드 밸런서가 이 서버를 빼기를 기다립니다, 0–600(기본값: \(Self.defaults.drain)).",
                english:
                    """
                    After SIGTERM, keeps answering this long (/readyz answers 503) so that a load balancer takes the server out, 0–600 \
                    (default: \(Self.defaults.drain)).
                    """
            ),
        ] + TableOptions.options + TZDataOption.options,
        readsEnvironment: true
    )

    package static let export = CommandSpec(
        name: "export",
        abstract: "API 전체를 정적 파일로 씁니다(nginx, 오브젝트 스토리지, CDN용, .gz 포함).",
        english:
            """
            Writes the whole API and the web app as static files (for nginx, object storage, a CDN; with .gz). A new export is written beside \
            the old one and switched in one step, so it may run on the folder being served; run it daily.
            """,
        discussion:
            """
            내보낸 시각의 본문은 `worldclock serve`에 같은 `?at=`을 준 응답과 바이트까지 같습니다. 시각은 시간대마다 앞으로 1년치 전환 정보가 함께 있어 클라이언트가 직접 계산합니다. 하루에 한 번 다시 내보내면 \
            됩니다(cron): 새 내보내기를 옆(디렉터리.exports/)에 다 쓴 뒤 디렉터리(링크)를 한 번에 바꾸고 이전 것을 지우므로, 서비스 중인 폴더에 그대로 실행해도 됩니다. nginx 설정 예(.deb): \
            /usr/share/doc/worldclock/examples/nginx-site.conf
            """,
        options: InstantOptions.options + TableOptions.options + TZDataOption.options,
        arguments: [
            ArgumentSpec(
                valueName: "디렉터리", help: "웹 서버가 서비스할 경로(없거나 빈 폴더, 또는 이전 내보내기의 링크).",
                english: "The path the web server serves (missing, an empty folder, or the link of an earlier export).")
        ],
        readsEnvironment: true
    )

    /// The server's timeouts, in whole seconds.
    package static let defaults = (
        idleTimeout: Int(FeedServerConfiguration().idleTimeout.components.seconds),
        requestTimeout: Int(FeedServerConfiguration().requestTimeout.components.seconds),
        drain: Int(FeedServerConfiguration().drain.components.seconds)
    )

    /// The server binary's name; it lies in the same directory as `worldclock`.
    package static let binaryName = "worldclock-server"

    /// Replaces this process with `worldclock-server` and the same arguments.
    static func execServer() throws -> Never {
        let path = try serverPath(
            selfExecutable: SystemFile.link("/proc/self/exe"), argument0: CommandLine.arguments.first ?? "",
            searchPath: getenv("PATH").map { String(cString: $0) }
        ).get()
        let arguments = [path] + CommandLine.arguments.dropFirst()
        var argv = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        let reason = String(cString: strerror(errno))
        throw CLIError.io("\(path)를 실행하지 못했습니다(\(reason)). serve와 export는 worldclock 옆에 설치한 worldclock-server가 실행합니다: swift build로 함께 빌드하세요")
    }

    /// Where `worldclock-server` is: in the directory of this executable, never anywhere else.
    ///
    /// This executable's path is `/proc/self/exe`; without /proc, `argv[0]` as the shell ran it: a
    /// path when it has a slash, else the first match in `PATH`'s absolute directories (an empty
    /// or relative entry would mean the current directory, where anyone may have left a
    /// `worldclock-server`). In a SwiftPM build directory (`swift run worldclock serve` builds
    /// only `worldclock`), a missing or older `worldclock-server` is refused with what to run.
    /// - Parameters:
    ///   - selfExecutable: what `/proc/self/exe` points to, nil without /proc.
    ///   - searchPath: `PATH`.
    ///   - fileInfo: whether a path is an executable file, and its modification time.
    package static func serverPath(
        selfExecutable: String?, argument0: String, searchPath: String?,
        fileInfo: (String) -> (executable: Bool, modified: Int)? = Self.fileInfo
    ) -> Result<String, CLIError> {
        let executable: String
        if let selfExecutable, selfExecutable.hasPrefix("/") {
            executable = selfExecutable
        } else if argument0.contains("/") {
            executable = argument0
        } else if !argument0.isEmpty,
            let found = (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true)
                .filter({ $0.hasPrefix("/") })
                .map({ ($0.hasSuffix("/") ? String($0) : $0 + "/") + argument0 })
                .first(where: { fileInfo($0)?.executable == true })
        {
            executable = found
        } else {
            return .failure(
                .io(
                    """
                    \(binaryName)를 찾지 못했습니다: 이 프로그램의 경로를 /proc/self/exe에서도, 실행한 이름 '\(argument0)'(PATH의 절대 경로 디렉터리)에서도 알 수 없습니다. \(binaryName) \
                    serve …를 직접 실행하세요
                    """
                ))
        }
        let directory = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let path = (directory.isEmpty ? "" : directory) + "/" + binaryName
        let inBuildDirectory = executable.contains("/.build/") || executable.hasPrefix(".build/")
        guard let server = fileInfo(path), server.executable else {
            if inBuildDirectory {
                return .failure(
                    .io(
                        """
                        \(path)가 없습니다: swift run worldclock은 worldclock만 빌드합니다. swift build --product \(binaryName)로 빌드하거나, swift run \
                        \(binaryName) serve …로 실행하세요
                        """
                    ))
            }
            return .failure(.io("\(path)가 없습니다: serve와 export는 worldclock 옆에 설치한 \(binaryName)가 실행합니다. swift build로 함께 빌드하거나 둘을 같은 디렉터리에 설치하세요"))
        }
        if inBuildDirectory, let own = fileInfo(executable), server.modified < own.modified {
            return .failure(
                .io(
                    """
                    \(path)가 \(executable)보다 오래되었습니다: swift run worldclock은 worldclock만 빌드합니다. swift build --product \(binaryName)로 다시 빌드하거나, \
                    swift run \(binaryName) serve …로 실행하세요
                    """
                ))
        }
        return .success(path)
    }

    /// Whether `path` is an executable regular file, and when it was last modified (seconds).
    package static func fileInfo(_ path: String) -> (executable: Bool, modified: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let regular = (info.st_mode & S_IFMT) == S_IFREG
        #if canImport(Darwin)
        let modified = info.st_mtimespec.tv_sec
        #else
        let modified = info.st_mtim.tv_sec
        #endif
        return (regular && access(path, X_OK) == 0, Int(modified))
    }
}

/// `serve` in the CLI binary: its help and usage errors, then `worldclock-server`.
struct ServeInServerBinary: Command {
    static var spec: CommandSpec { ServerCommands.serve }
    init(_ arguments: ParsedArguments) {}
    func run() throws { try ServerCommands.execServer() }
}

/// `export` in the CLI binary: its help and usage errors, then `worldclock-server`.
struct ExportInServerBinary: Command {
    static var spec: CommandSpec { ServerCommands.export }
    init(_ arguments: ParsedArguments) {}
    func run() throws { try ServerCommands.execServer() }
}

extension ServerCommands {
    /// The failure of a `serve` command line (a bad option, a port in use, a bad `--tzdata`) as the
    /// server's log writes its lines: with `--log-format json` (or `WORLDCLOCK_LOG_FORMAT=json`) one
    /// JSON object with `time`, `level` ("error") and `message`; with the priority prefix
    /// (`--log-priority-prefix`, on by itself when stderr is the journal) `<3>` first, so that
    /// `journalctl -p err` finds it. Nil for another command, or for text without the prefix (the
    /// message is then written as every command writes its errors).
    package static func failureLine(
        _ message: String, arguments: [String], environment: (String) -> String? = { Environment.value($0) },
        standardErrorIsJournal: @autoclosure () -> Bool = JournalStream.standardErrorIsJournal, now: Double? = nil
    ) -> String? {
        guard arguments.first(where: { !$0.hasPrefix("-") }) == serve.name else { return nil }
        func option(_ name: String) -> String? {
            var found: String?
            var index = 0
            while index < arguments.count, arguments[index] != "--" {
                let argument = arguments[index]
                if argument.hasPrefix("--\(name)=") {
                    found = String(argument.dropFirst(name.count + 3))
                } else if argument == "--\(name)", index + 1 < arguments.count {
                    found = arguments[index + 1]
                    index += 1
                }
                index += 1
            }
            return found ?? serve.option(named: name).flatMap { environment($0.environmentName) }
        }
        let json = option("log-format") == LogFormat.json.rawValue
        let prefix: Bool
        switch option("log-priority-prefix") {
        case "on": prefix = true
        case "off": prefix = false
        default: prefix = standardErrorIsJournal()
        }
        guard json || prefix else { return nil }
        let start = prefix ? JournalStream.prefix(forLevel: "error") : ""
        // Whatever the message quotes from the command line stays on one line.
        guard json else { return start + "worldclock: " + Terminal.printable(message).split(separator: "\n").joined(separator: " ") + "\n" }
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let seconds = now ?? Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        let whole = seconds.rounded(.down)
        let millis = Int((seconds - whole) * 1000)
        let stamp = String(ISO8601.utc(Date(timeIntervalSince1970: whole)).dropLast()) + "." + String(String(millis + 1000).dropFirst()) + "Z"
        return start + #"{"time":"\#(stamp)","level":"error","message":\#(JSONWriter.quoted(message))}"# + "\n"
    }
}
