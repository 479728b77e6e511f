#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a file could not be written, in Korean words a user acts on, found by looking at the path
/// itself: never a Swift type (`CocoaError(code: …)`) nor a temporary file's name.
package enum FileProblem {
    /// The reason `path` cannot be written: its folder is missing, not a folder, not writable or
    /// read-only, or the path is a folder; else what the system says (`strerror`) of `errorNumber`.
    package static func writing(_ path: String, errorNumber: Int32? = nil) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return "폴더입니다. 파일 이름을 주세요" }
        let shown = Terminal.printable(folder, limit: 80)
        guard stat(folder, &status) == 0 else { return "폴더 \(KoreanParticle.attach(.subject, to: shown)) 없습니다" }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "\(KoreanParticle.attach(.topic, to: shown)) 폴더가 아닙니다" }
        if access(folder, W_OK) != 0 {
            return errno == EROFS
                ? "폴더 \(KoreanParticle.attach(.topic, to: shown)) 읽기 전용 파일 시스템에 있습니다"
                : "폴더 \(shown)에 쓸 권한이 없습니다"
        }
        if stat(path, &status) == 0, access(path, W_OK) != 0 { return "읽기 전용 파일입니다(chmod u+w로 쓰기를 허락하세요)" }
        return errorNumber.map { String(cString: strerror($0)) } ?? "쓸 수 없습니다"
    }
}
