import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run spends its time, phase by phase: with `WORLDCLOCK_TRACE=1` in the environment each
/// phase's end is written to standard error as milliseconds since `main` began and since the
/// previous mark. Without it a mark costs one branch.
///
///     WORLDCLOCK_TRACE=1 worldclock search 뉴 >/dev/null
///     trace    0.0 ms  +    0.0 ms  main
///     trace   1.02 ms  +   1.02 ms  table parsed (539 rows)
package enum PhaseTrace {
    package static let isEnabled = getenv("WORLDCLOCK_TRACE") != nil
    /// The previous mark's time: a server marks from several threads.
    private static let last = Mutex(processStart)

    /// Records the end of a phase.
    package static func mark(_ phase: @autoclosure () -> String) {
        guard isEnabled else { return }
        let now = monotonicMilliseconds()
        let previous = last.withLock { last in
            defer { last = now }
            return last
        }
        let line = "trace \(format(now - processStart)) ms  +\(format(now - previous)) ms  \(phase())\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    private static func format(_ milliseconds: Double) -> String {
        let text = String(Double(Int(milliseconds * 100)) / 100)
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }

    private static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }

    /// The first mark's time: `main` marks first, so phases count from there (what runs before
    /// `main` — the loader, the Swift runtime, Foundation — is what a hello-world costs too).
    private static let processStart = monotonicMilliseconds()
}
