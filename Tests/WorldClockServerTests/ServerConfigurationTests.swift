import Testing
import WorldClockServer

@Suite("Server configuration")
struct ServerConfigurationTests {
    @Test("the server listens on loopback port 8080 and logs requests unless told otherwise")
    func defaults() {
        let configuration = ServerConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.quiet == false)
    }
}
