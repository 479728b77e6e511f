// The command line (WorldClockCLI): read it, run the command, map errors to exit codes. `serve` and
// `export` are handed to `worldclock-server` beside this binary. Synchronous: only the server
// starts Swift's concurrency runtime.
import WorldClockCLI

WorldClockCLI.main()
