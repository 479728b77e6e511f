// The whole program: parse, run, map errors to exit codes (see WorldClockCLI).
await WorldClockCLI.main()
