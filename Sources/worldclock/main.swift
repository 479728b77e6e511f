// The whole program: read the command line, run, map errors to exit codes (see WorldClockCLI).
// Synchronous: only `serve` starts Swift's concurrency runtime.
WorldClockCLI.main()
