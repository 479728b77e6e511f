// `worldclock-server`: the same command line as `worldclock`, with `serve` and `export` run here,
// where the HTTP server is linked (`worldclock serve …` hands itself over to this binary).
import WorldClockCLI

WorldClockCLI.main(commands: WorldClockCommand.commands(serve: ServeCommand.self, export: ExportCommand.self))
