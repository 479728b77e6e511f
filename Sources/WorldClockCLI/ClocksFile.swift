import TimeZoneRules

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

/// The file `MyClocks` lives in, used as a small database that loses nothing:
/// - every read-modify-write (`edit`) holds an exclusive `flock` on `<file>.lock` beside it and
///   reads the file again under it, so two `worldclock add` at once both land;
/// - a write is a temporary file in the same directory, `fsync`ed, then `rename`d over the file:
///   a reader sees the old file or the new one, never half of one; the file's mode is kept;
/// - a file that does not read is never written: the command fails with `file:line: 문제`;
/// - a read-only file is an error, never replaced; a symbolic link is followed, and its target
///   written (the link stays a link).
struct ClocksFile {
    /// The path as configured (maybe a symbolic link).
    let path: String

    /// The configured file, or nil when neither XDG_CONFIG_HOME nor HOME is set (nothing is read
    /// or written).
    static var configured: ClocksFile? {
        if let config = Environment.value("XDG_CONFIG_HOME"), config.hasPrefix("/") { return ClocksFile(path: config + "/worldclock/clocks.tsv") }
        if let home = Environment.value("HOME"), !home.isEmpty { return ClocksFile(path: home + "/.config/worldclock/clocks.tsv") }
        return nil
    }

    /// Why the file could not be used.
    enum Failure: Error, Equatable {
        /// The text does not read (exit 3): the command must not go on as if the file were empty.
        case malformed(path: String, line: Int?, problem: String)
        /// It cannot be read, written or locked (exit 4).
        case io(path: String, problem: String)

        /// "path:line: problem".
        var message: String {
            switch self {
            case .malformed(let path, let line, let problem): "\(path)\(line.map { ":\($0)" } ?? ""): \(problem)"
            case .io(let path, let problem): "\(path): \(problem)"
            }
        }

        /// The failure as the CLI reports it, with what to do.
        var cliError: CLIError {
            switch self {
            case .malformed: .data("내 시계 파일을 읽을 수 없습니다: \(message). 파일을 고치세요(이 파일은 바꾸지 않았습니다)")
            case .io: .io("내 시계 파일을 읽을 수 없습니다: \(message)")
            }
        }

        /// The failure of an edit: one that could not write says so.
        var editError: CLIError {
            guard case .io = self else { return cliError }
            return .io("내 시계를 저장하지 못했습니다: \(message)")
        }
    }

    /// The saved clocks; none when the file does not exist.
    func load() throws(Failure) -> MyClocks {
        let target = resolved
        guard let bytes = SystemFile.read(target, limit: .max) else {
            if errno == ENOENT { return MyClocks() }
            throw .io(path: target, problem: "읽을 수 없습니다(\(Self.reason()))")
        }
        do { return try MyClocks(parsing: bytes) } catch { throw .malformed(path: path, line: error.line, problem: error.problem) }
    }

    /// The failure of the file's first line that does not read, if one does not.
    func failure(_ problem: MyClocks.ParseError) -> Failure { .malformed(path: path, line: problem.line, problem: problem.problem) }

    /// Reads the file under an exclusive lock, lets `change` edit it, and writes it back when it
    /// changed, still under the lock. A file that does not read is left as it is.
    func edit<Result>(_ change: (inout MyClocks) throws -> Result) throws -> Result {
        let target = resolved
        let directory = Self.directory(of: target)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure.io(path: directory, problem: "디렉터리를 만들 수 없습니다").editError
        }
        // A lock file beside the target, not the target itself: the write replaces the target's
        // inode, and a lock on the old inode would not keep the next writer out.
        let lock = open(target + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        // The file and why its folder takes no new file are named (a read-only config folder is
        // the usual cause); the lock file only when it is there and itself at fault.
        guard lock >= 0 else {
            let error = errno
            let named = access(target + ".lock", F_OK) == 0 ? target + ".lock" : target
            throw Failure.io(path: named, problem: "쓸 수 없습니다: \(FileProblem.writing(target + ".lock", errorNumber: error))").editError
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure.io(path: target + ".lock", problem: "잠글 수 없습니다(\(Self.reason()))").editError }
        }
        let before: MyClocks
        do throws(Failure) {
            before = try load()
            // A line that does not read is never written over: the file is mended by hand first.
            if let problem = before.problems.first { throw failure(problem) }
        } catch { throw error.editError }
        var clocks = before
        let result = try change(&clocks)
        if clocks != before {
            do { try replace(target, with: clocks) } catch { throw error.editError }
        }
        return result
    }

    /// Writes atomically: a temporary file beside the target with the target's mode, flushed,
    /// renamed over it. A target that is read-only is refused (a rename would replace it anyway).
    private func replace(_ target: String, with clocks: MyClocks) throws(Failure) {
        var status = stat()
        var mode: mode_t = 0o644
        if stat(target, &status) == 0 {
            // Root may write anything: the mode bits, not access(2), say whether the user meant it read-only.
            guard status.st_mode & 0o222 != 0, access(target, W_OK) == 0 else {
                throw .io(path: target, problem: "읽기 전용 파일입니다. 바꾸지 않았습니다(chmod u+w로 쓰기를 허락하세요)")
            }
            mode = status.st_mode & 0o7777
        }
        let temporary = Self.directory(of: target) + "/.clocks.tsv.\(getpid()).tmp"
        let bytes = clocks.bytes
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        // The folder is named, not the temporary file (a read-only config folder is the usual cause).
        guard descriptor >= 0 else { throw .io(path: target, problem: "쓸 수 없습니다: \(FileProblem.writing(target, errorNumber: errno))") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let complete = written == bytes.count && fchmod(descriptor, mode) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard complete else {
            unlink(temporary)
            throw .io(path: target, problem: "다 쓰지 못했습니다(디스크가 찼을 수 있습니다)")
        }
        guard rename(temporary, target) == 0 else {
            let reason = Self.reason()
            unlink(temporary)
            throw .io(path: target, problem: "바꿔 쓸 수 없습니다(\(reason))")
        }
    }

    /// The file a write replaces: `path` with its symbolic links followed (a link that points
    /// nowhere yet gives where it points), else `path`.
    var resolved: String {
        var current = path
        for _ in 0..<40 {
            guard let target = SystemFile.link(current) else { return current }
            current = target.hasPrefix("/") ? target : Self.directory(of: current) + "/" + target
        }
        return current
    }

    private static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
