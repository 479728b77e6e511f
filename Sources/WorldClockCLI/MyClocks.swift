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

/// "My clocks": the places a person checks every day, in their order, and the reference they keep
/// (`worldclock from`), in `$XDG_CONFIG_HOME/worldclock/clocks.tsv` (default
/// `~/.config/worldclock/`). A text file a person may edit: one line per entry, tab-separated,
/// `clock`, the place's name and its zone; `reference` the same way; `#` comments.
///
/// Written atomically (a temporary file in the same directory, then `rename`), so a crash or a
/// full disk never leaves half a file. A file that does not read is an error naming its line,
/// never a silent reset that would lose the list.
struct MyClocks: Equatable {
    /// One saved place: its name when saved, and its zone (what the clock needs if the name goes).
    struct Entry: Equatable {
        let name: String
        let zoneID: String
    }

    var clocks: [Entry] = []
    var reference: Entry?

    /// The file, or nil when neither XDG_CONFIG_HOME nor HOME is set (nothing is read or written).
    static var path: String? {
        if let config = Environment.value("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/worldclock/clocks.tsv" }
        if let home = Environment.value("HOME"), !home.isEmpty { return home + "/.config/worldclock/clocks.tsv" }
        return nil
    }

    /// A file that does not read, with where.
    struct FileError: Error, Equatable {
        let path: String
        let line: Int?
        let problem: String

        var message: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(problem)" }
    }

    /// The saved clocks; none when the file does not exist.
    static func load(from path: String? = MyClocks.path) throws(FileError) -> MyClocks {
        guard let path, FileManager.default.fileExists(atPath: path) else { return MyClocks() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError(path: path, line: nil, problem: "읽을 수 없습니다(권한이나 파일 종류를 확인하세요)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw FileError(path: path, line: nil, problem: "UTF-8 텍스트가 아닙니다")
        }
        var clocks = MyClocks()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let lineNumber = number + 1
            guard fields.count == 3 else {
                throw FileError(path: path, line: lineNumber, problem: "탭으로 나눈 칸이 \(fields.count)개입니다(종류, 이름, 시간대의 3개여야 합니다)")
            }
            guard !fields[1].isEmpty, fields[2].contains("/") || fields[2] == "UTC" else {
                throw FileError(
                    path: path, line: lineNumber,
                    problem: "이름이 비었거나 \"\(Terminal.printable(fields[2], limit: 40))\"\(fields[2].isEmpty ? "" : "")가 시간대 id가 아닙니다")
            }
            let entry = Entry(name: fields[1], zoneID: fields[2])
            switch fields[0] {
            case "clock":
                if !clocks.clocks.contains(entry) { clocks.clocks.append(entry) }
            case "reference":
                clocks.reference = entry
            default:
                throw FileError(
                    path: path, line: lineNumber, problem: "\"\(Terminal.printable(fields[0], limit: 20))\"는 알 수 없는 종류입니다(clock이나 reference)")
            }
        }
        return clocks
    }

    /// The file's text.
    var text: String {
        var lines = ["# worldclock: 내 시계. worldclock add/remove/from이 고칩니다(종류<탭>이름<탭>시간대)."]
        if let reference { lines.append("reference\t\(reference.name)\t\(reference.zoneID)") }
        lines += clocks.map { "clock\t\($0.name)\t\($0.zoneID)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file atomically: a temporary file beside it, flushed, then renamed over it.
    func save(to path: String) throws(FileError) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: directory, line: nil, problem: "디렉터리를 만들 수 없습니다")
        }
        let temporary = directory + "/.clocks.tsv.\(getpid()).tmp"
        let bytes = Array(text.utf8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: temporary, line: nil, problem: "쓸 수 없습니다(\(String(cString: strerror(errno))))") }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else {
            unlink(temporary)
            throw FileError(path: temporary, line: nil, problem: "다 쓰지 못했습니다(디스크가 찼을 수 있습니다)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: path, line: nil, problem: "바꿔 쓸 수 없습니다(\(reason))")
        }
    }

    /// Whether a place is among the clocks (by name, else by zone for a place saved as its zone).
    func contains(name: String) -> Bool { clocks.contains { $0.name == name } }
}
