import TimeZoneRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices said once: a warning about a state of the machine that every command would repeat (an
/// older system tzdata, so the bundled rules are used) goes to stderr the first time, and is then
/// remembered in `$XDG_STATE_HOME/worldclock/notices` (default `~/.local/state/worldclock/`), one
/// notice a line. The same notice is not said again; a changed one (a new tzdata version, another
/// directory) is. `worldclock doctor` says every notice every time. Where there is nowhere to
/// remember (no HOME, a read-only folder), the notice is said each time rather than never.
struct Notices {
    /// The file, or nil when neither XDG_STATE_HOME nor HOME is set.
    let path: String?

    /// The file of the environment's XDG_STATE_HOME or HOME.
    static var configured: Notices {
        if let state = Environment.value("XDG_STATE_HOME"), state.hasPrefix("/") { return Notices(path: state + "/worldclock/notices") }
        if let home = Environment.value("HOME"), !home.isEmpty { return Notices(path: home + "/.local/state/worldclock/notices") }
        return Notices(path: nil)
    }

    /// Whether `notice` has been said before.
    func said(_ notice: String) -> Bool {
        guard let path, let text = SystemFile.text(of: path, limit: 65_536) else { return false }
        return text.split(separator: "\n").contains { $0 == notice }
    }

    /// Says `notice` on stderr unless it was said before, and remembers it; the text says that it is
    /// said once and where to see it again.
    func sayOnce(_ notice: String) {
        guard !said(notice) else { return }
        let remembered = remember(notice)
        Terminal.note("경고: " + notice + (remembered ? " (이 경고는 한 번만 합니다. 다시 보려면 worldclock doctor)" : ""))
    }

    /// Appends `notice` to the file, making its folders; false when it cannot.
    private func remember(_ notice: String) -> Bool {
        guard let path, !notice.contains("\n") else { return false }
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o700) != 0 && errno != EEXIST { return false }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array((notice + "\n").utf8)
        return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }
}
