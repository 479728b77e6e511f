// A bare Hummingbird 2 server, the framework's own ceiling, that Scripts/bench/bench-server and
// bench-server-change measure beside worldclock in the same run.
import Foundation
import Hummingbird

// hello-hummingbird PORT [BODY-FILE]
//
// GET /healthz answers {"status":"ok"}; GET /v1/sections answers BODY-FILE's bytes (worldclock's
// feed, saved by the bench), loaded once: the least a Hummingbird server can do for each, with
// the framework's defaults (HTTP/1.1, no middleware).
let arguments = CommandLine.arguments
guard arguments.count >= 2, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: hello-hummingbird PORT [BODY-FILE]\n".utf8))
    exit(2)
}
let sections = arguments.count > 2 ? ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: arguments[2]))) : ByteBuffer(string: "[]")
let health = ByteBuffer(string: #"{"status":"ok"}"#)

let router = Router()
router.get("/healthz") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: health))
}
router.get("/v1/sections") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: sections))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "hello"))
try await app.runService()
