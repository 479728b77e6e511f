import Synchronization

/// Which tzdata a process uses, what else was found, and why a user should hear about it.
///
/// The order: an explicit directory (`--tzdata DIR`, then `TZDIR`) wins; otherwise the first system
/// directory that holds zoneinfo, if its version is at least the bundled copy's, else the bundled
/// copy (2026f > 2025b): a container without tzdata, a copied binary or a machine whose tzdata is
/// stale still shows today's rules.
package struct TZDataChoice: Sendable {
    /// One place tzdata was looked for.
    public struct Candidate: Sendable, Equatable {
        /// The directory or the bundled copy.
        public let source: TZDataSource
        /// Whether it holds zoneinfo (the bundled copy always does).
        public let exists: Bool
        /// Its stated release; nil when it states none or does not exist.
        public let version: TZDataVersion?
    }

    /// The rules in use.
    public let database: TZDatabase
    /// Every place looked at, in order, the bundled copy last.
    public let candidates: [Candidate]
    /// Set when the rules in use are not what a user would assume (see `TZDataWarning`).
    public let warning: TZDataWarning?

    /// Where tzdata is installed on common systems, in the order searched.
    public static let systemDirectories = ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo"]

    /// The `--tzdata` value that names the bundled copy.
    public static let bundledOption = "bundled"

    /// The choice for this process's environment, made once. A `TZDIR` that holds no zoneinfo is
    /// ignored, and said once on standard error when the choice is made: an app that never reads
    /// `warning` would otherwise use other rules than its user asked for without a word.
    public static let automatic: TZDataChoice = {
        // Without an explicit directory nothing can fail.
        let choice = (try? choose(option: nil)) ?? TZDataChoice(database: .bundled, candidates: [], warning: nil)
        if case .environmentNotZoneinfo? = choice.warning, reportsWarnings.load(ordering: .relaxed) {
            StandardError.write("warning: \(choice.warning!)\n")
        }
        return choice
    }()

    /// Whether `automatic` says a bad `TZDIR` on standard error. The CLI and the server turn it off
    /// before they first read `automatic`: they say every warning themselves (in Korean, in the log).
    package static let reportsWarnings = Atomic(true)

    /// Chooses the tzdata to use.
    /// - Parameters:
    ///   - option: a directory the user named (`--tzdata`); it must hold zoneinfo. The word
    ///     `bundled` (`bundledOption`) names the compiled-in copy (write `./bundled` for a directory).
    ///   - environment: where `TZDIR` is read.
    ///   - systemDirectories: the directories searched when nothing is explicit.
    /// - Throws: `TZDataError.notZoneinfo` when `option` holds no zoneinfo.
    public static func choose(
        option: String?, environment: [String: String] = ["TZDIR": Environment.value("TZDIR")].compactMapValues { $0 },
        systemDirectories: [String] = systemDirectories
    ) throws(TZDataError) -> TZDataChoice {
        let bundled = Candidate(source: .bundled, exists: true, version: TZDatabase.bundled.version)
        func candidate(_ source: TZDataSource) -> Candidate {
            let directory = source.directory ?? ""
            let exists = TZDatabase.isZoneinfoDirectory(directory)
            return Candidate(source: source, exists: exists, version: exists ? TZDatabase.version(ofDirectory: directory) : nil)
        }
        func isOlderThanBundled(_ found: Candidate) -> Bool {
            guard let version = found.version, let bundledVersion = bundled.version else { return found.version == nil }
            return version < bundledVersion
        }

        var candidates: [Candidate] = []
        var warning: TZDataWarning?
        if option == bundledOption {
            return TZDataChoice(database: .bundled, candidates: [bundled], warning: nil)
        }
        if let option {
            let found = candidate(.option(directory: option))
            guard found.exists else { throw .notZoneinfo(option) }
            return TZDataChoice(
                database: TZDatabase(source: found.source), candidates: [found, bundled],
                warning: isOlderThanBundled(found) ? .explicitOlder(found.source, found.version, bundled: bundled.version) : nil)
        }
        if let tzdir = environment["TZDIR"], !tzdir.isEmpty {
            let found = candidate(.environment(directory: tzdir))
            candidates.append(found)
            if found.exists {
                return TZDataChoice(
                    database: TZDatabase(source: found.source), candidates: candidates + [bundled],
                    warning: isOlderThanBundled(found) ? .explicitOlder(found.source, found.version, bundled: bundled.version) : nil)
            }
            warning = .environmentNotZoneinfo(tzdir)
        }
        for directory in systemDirectories {
            let found = candidate(.system(directory: directory))
            candidates.append(found)
            guard found.exists else { continue }
            candidates += [bundled]
            if isOlderThanBundled(found) {
                return TZDataChoice(
                    database: .bundled, candidates: candidates,
                    warning: warning ?? .systemOlder(found.source, found.version, bundled: bundled.version))
            }
            return TZDataChoice(database: TZDatabase(source: found.source), candidates: candidates, warning: warning)
        }
        return TZDataChoice(
            database: .bundled, candidates: candidates + [bundled],
            warning: warning ?? .noSystemTZData(searched: systemDirectories))
    }
}

/// Why the tzdata in use deserves a line on stderr or in the server's log.
package enum TZDataWarning: Sendable, Equatable, CustomStringConvertible {
    /// The system's tzdata is older than the bundled copy (or states no version), so the bundled one is used.
    case systemOlder(TZDataSource, TZDataVersion?, bundled: TZDataVersion?)
    /// No system directory holds zoneinfo: the bundled copy is used.
    case noSystemTZData(searched: [String])
    /// `--tzdata` or `TZDIR` names rules older than the bundled copy (or of no stated version): used as asked.
    case explicitOlder(TZDataSource, TZDataVersion?, bundled: TZDataVersion?)
    /// `TZDIR` names a directory without zoneinfo: ignored.
    case environmentNotZoneinfo(String)

    public var description: String {
        switch self {
        case .systemOlder(let source, let version, let bundled):
            """
            the system's tzdata (\(source.directory ?? ""), \(version.map { "version \($0)" } ?? "no stated version")) is older than the \
            bundled \(bundled?.description ?? "copy"); using the bundled rules
            """
        case .noSystemTZData(let searched):
            "no system tzdata found (looked in \(searched.joined(separator: ", "))); using the bundled rules"
        case .explicitOlder(let source, let version, let bundled):
            """
            \(source) holds tzdata \(version?.description ?? "of no stated version"), older than the bundled \(bundled?.description ?? "copy"); \
            using it as asked
            """
        case .environmentNotZoneinfo(let directory):
            "TZDIR \(directory) holds no zoneinfo; ignored"
        }
    }
}

/// A tzdata directory the user named cannot be used.
package enum TZDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory does not exist or holds no compiled zones (no UTC file).
    case notZoneinfo(String)

    public var description: String {
        switch self {
        case .notZoneinfo(let directory): "\(directory) is not a zoneinfo directory (no TZif file UTC or Etc/UTC in it)"
        }
    }
}
