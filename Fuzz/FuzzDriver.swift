import Foundation

/// The fuzz targets by name, for `WORLDCLOCK_FUZZ_TARGET` (libFuzzer) or the first argument (replay).
let fuzzTargets: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
    "table": FuzzTargets.table,
    "query-string": FuzzTargets.queryString,
    "instant": FuzzTargets.instant,
    "time-query": FuzzTargets.timeQuery,
    "search": FuzzTargets.search,
    "sections": FuzzTargets.sections,
]

#if FUZZING
// Built by Scripts/dev/fuzz with -DFUZZING -sanitize=fuzzer,address: libFuzzer's driver runs and calls
// these. libFuzzer reads every argument, so the target comes
// from the environment.

nonisolated(unsafe) private var selectedTarget: (@Sendable (UnsafeRawBufferPointer) -> Void)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let name = ProcessInfo.processInfo.environment["WORLDCLOCK_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets[name] else {
        FileHandle.standardError.write(Data("set WORLDCLOCK_FUZZ_TARGET to one of \(fuzzTargets.keys.sorted())\n".utf8))
        exit(2)
    }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selectedTarget?(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// SwiftPM links an executable with `main` aliased to `<module>_main` (the target worldclock-fuzz is
/// the module worldclock_fuzz): hand over to libFuzzer there.
@_cdecl("worldclock_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#else
/// Built plainly (`swift build`): `worldclock-fuzz TARGET [FILE…]` runs the target once on each
/// file, or on stdin: how a saved crash is replayed without sanitizers.
@main
struct FuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = fuzzTargets[arguments[1]] else {
            FileHandle.standardError.write(Data("usage: worldclock-fuzz {\(fuzzTargets.keys.sorted().joined(separator: "|"))} [input file…]\n".utf8))
            exit(2)
        }
        let files = arguments.dropFirst(2)
        if files.isEmpty {
            FileHandle.standardInput.readDataToEndOfFile().withUnsafeBytes { target($0) }
        }
        for file in files {
            guard let input = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                exit(2)
            }
            input.withUnsafeBytes { target($0) }
            print("\(file): ok")
        }
    }
}
#endif

/// A property a target checks failed: stop, so libFuzzer saves the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("property failed: \(message())\n".utf8))
        abort()
    }
}
