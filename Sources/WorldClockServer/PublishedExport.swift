import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `worldclock export DIR` into the folder a web server serves, safe while it serves it: each
/// export is written whole into a new tree beside DIR (`DIR.exports/<version>/`), then DIR, a
/// symbolic link to the current tree, is switched to it with one `rename(2)`, and the older trees
/// are removed. A client sees the old export or the new one, never a file half written, a `.gz`
/// of one export beside the plain file of another, or a page naming assets not yet there.
///
/// A cron job can run it daily against the live folder. Two exports into one DIR at once are
/// refused (a lock in `DIR.exports`), and DIR must be free for the link (absent, an empty folder
/// or a link an earlier export made): anything else there is left alone, with an error.
package enum PublishedExport {
    /// Why DIR cannot be published to; the message says what to do.
    package enum Failure: Error, CustomStringConvertible, Equatable {
        /// DIR is a folder with files in it: not a link this command made, so not its to replace.
        case occupiedFolder(path: String, isEarlierExport: Bool)
        /// DIR is a file, or a link to somewhere else than `DIR.exports`.
        case notOurs(path: String, what: String)
        /// Another export into the same DIR holds the lock.
        case busy(path: String)
        /// A system call failed on `path`.
        case system(call: String, path: String, errno: Int32)

        package var description: String {
            switch self {
            case let .occupiedFolder(path, true):
                "\(path)는 이전 방식(제자리에 덮어쓰기)으로 내보낸 폴더입니다. 이제는 \(path)를 새 내보내기로 가리키는 링크로 바꿔 원자적으로 교체합니다. 한 번만 옮겨 두고 다시 실행하세요: mv \(path) \(path).old"
            case let .occupiedFolder(path, false):
                "\(path)는 비어 있지 않은 폴더이고 내보내기가 만든 것이 아닙니다. 지우지 않습니다. 없는 경로나 빈 폴더를 주세요."
            case let .notOurs(path, what):
                "\(path)는 \(what)입니다. 내보내기가 만든 링크(\(URL(fileURLWithPath: path).lastPathComponent).exports/…를 가리킴)가 아니라서 바꾸지 않습니다."
            case let .busy(path):
                "\(path)에 다른 내보내기가 진행 중입니다(\(path).exports/.lock). 끝난 뒤에 다시 실행하세요."
            case let .system(call, path, code):
                "\(path)에 쓰지 못했습니다: \(call) 실패: \(String(cString: strerror(code)))"
            }
        }
    }

    /// Exports `catalogue` at `instant` into a new tree and makes `directory` point to it.
    /// - Returns: the index of the export and the tree it was written to.
    /// - Throws: ``Failure`` when `directory` is not free for the link or another export runs,
    ///   or the error of a file that could not be written (the live export then stays as it was).
    package static func publish(
        catalogue: Catalogue, tzdata: TZDatabase, at instant: Date, to directory: URL
    ) throws -> (
        index: StaticExport.Index, tree: URL
    ) {
        let link = directory.standardizedFileURL.path.trimmingSuffix("/")
        let name = URL(fileURLWithPath: link).lastPathComponent
        let parent = URL(fileURLWithPath: link).deletingLastPathComponent().path
        let versions = link + ".exports"
        try checkFree(link, name: name)
        try FileManager.default.createDirectory(atPath: versions, withIntermediateDirectories: true)
        let lock = try exclusiveLock(versions + "/.lock", for: link)
        defer { close(lock) }
        try checkFree(link, name: name)  // again, now that no other export can change it

        // A name of its own for each export: its instant, then the process and a random part,
        // so that two exports of the same instant do not meet.
        let stamp = ISO8601.utc(FeedService.wholeSecond(instant)).filter { $0 != "-" && $0 != ":" }
        let version = "\(stamp)-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
        let tree = URL(fileURLWithPath: versions + "/" + version, isDirectory: true)
        let index: StaticExport.Index
        do {
            index = try StaticExport.write(catalogue: catalogue, tzdata: tzdata, at: instant, to: tree)
        } catch {
            try? FileManager.default.removeItem(at: tree)
            throw error
        }

        // The switch: a new link beside DIR, renamed over it. rename(2) replaces a link in one step;
        // an empty folder (a first export into a folder made for it) cannot be, and is removed first.
        let temporary = parent + "/." + name + "." + version + ".link"
        try call("symlink", temporary) { symlink(name + ".exports/" + version, temporary) }
        var status = stat()
        if lstat(link, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            try call("rmdir", link) { rmdir(link) }
        }
        do {
            try call("rename", link) { rename(temporary, link) }
        } catch {
            unlink(temporary)
            try? FileManager.default.removeItem(at: tree)
            throw error
        }
        prune(versions, keeping: version)
        return (index, tree)
    }

    /// Throws unless `link` is absent, an empty folder, or a link into `link.exports`.
    private static func checkFree(_ link: String, name: String) throws {
        var status = stat()
        guard lstat(link, &status) == 0 else {
            if errno == ENOENT { return }
            throw Failure.system(call: "lstat", path: link, errno: errno)
        }
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            guard let destination = SystemFile.link(link) else { throw Failure.system(call: "readlink", path: link, errno: errno) }
            let parts = destination.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name + ".exports", isVersion(parts[1]) else {
                throw Failure.notOurs(path: link, what: "\(destination)를 가리키는 링크")
            }
        case S_IFDIR:
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: link)) ?? []
            if !contents.isEmpty {
                throw Failure.occupiedFolder(path: link, isEarlierExport: contents.contains("index.json") && contents.contains("v1"))
            }
        default:
            throw Failure.notOurs(path: link, what: "파일")
        }
    }

    /// A name `publish` gives a tree: the instant without separators, the process, a random part.
    private static func isVersion(_ name: Substring) -> Bool {
        let parts = name.split(separator: "-")
        return parts.count == 3 && parts[0].hasSuffix("Z") && parts[0].count == 16
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The descriptor of `path` locked for this process alone (released when it is closed).
    private static func exclusiveLock(_ path: String, for link: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure.system(call: "open", path: path, errno: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { throw Failure.busy(path: link) }
            throw Failure.system(call: "flock", path: path, errno: code)
        }
        return descriptor
    }

    /// Removes every tree but `current` from `versions`, and what an interrupted export left. A
    /// tree is first renamed out of its place, so a reader that holds it open sees it gone whole
    /// (it may finish what it opened); a failure to remove is left for the next export.
    private static func prune(_ versions: String, keeping current: String) {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: versions)) ?? [] where entry != current {
            let path = versions + "/" + entry
            if isVersion(Substring(entry)) {
                let doomed = versions + "/.pruning-" + entry
                if rename(path, doomed) == 0 { try? FileManager.default.removeItem(atPath: doomed) }
            } else if entry.hasPrefix(".pruning-") {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        // Links of an export that stopped between making its link and renaming it.
        let folder = URL(fileURLWithPath: versions).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: versions).lastPathComponent.dropLast(".exports".count)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where entry.hasPrefix("." + name + ".") && entry.hasSuffix(".link") && isVersion(entry.dropFirst(name.count + 2).dropLast(5)) {
            unlink(folder + "/" + entry)
        }
    }

    private static func call(_ name: String, _ path: String, _ body: () -> Int32) throws {
        guard body() == 0 else { throw Failure.system(call: name, path: path, errno: errno) }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.count > 1, text.last == suffix { text.removeLast() }
        return text
    }
}
