import Foundation
import Hummingbird
import HummingbirdCore
import Testing
import WireCore

@testable import WorldClockServer

@Suite("OpenAPI document")
struct OpenAPITests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WorldClockServer/openapi.yaml")

    @Test("the served string equals Sources/WorldClockServer/openapi.yaml byte for byte, as the EmbedFiles plugin compiled it in")
    func embedded() throws {
        let bytes = try Data(contentsOf: Self.file)
        #expect(Data(OpenAPIDocument.yaml.utf8) == bytes)
    }

    @Test("the document lists every route of the controllers with its methods, and no more; the router adds no path")
    func routes() {
        let controllers = Router(context: FeedRequestContext.self)
        addRoutes(to: controllers, service: liveService)
        let router = buildRouter(service: liveService, quiet: true)
        // Router: /v1/zones/**; document: /v1/zones/{zone} and /v1/zones/{zone}/changes.ics, both under the router's one.
        func normalised(_ path: String) -> String {
            let path = path.hasSuffix("}/changes.ics") ? String(path.dropLast("/changes.ics".count)) : path
            return path.split(separator: "/", omittingEmptySubsequences: false).map { component in
                component == "**" || component.hasPrefix(":") || (component.hasPrefix("{") && component.hasSuffix("}")) ? "{}" : String(component)
            }.joined(separator: "/")
        }
        let routed = Set(controllers.routes.map { "\($0.method.rawValue.lowercased()) \(normalised($0.path.description))" })
        let documented = Set(Self.operations(OpenAPIDocument.yaml).map { "\($0.method) \(normalised($0.path))" })
        #expect(!routed.isEmpty)
        #expect(routed == documented)
        // The full router has the same paths: its other routes only answer 405 (and OPTIONS) on them.
        #expect(Set(router.routes.map { normalised($0.path.description) }) == Set(Self.operations(OpenAPIDocument.yaml).map { normalised($0.path) }))
        #expect(Set(router.routes.map { "\($0.method.rawValue.lowercased()) \(normalised($0.path.description))" }).isSuperset(of: routed))
    }

    @Test("the document is OpenAPI 3.1 and lists exactly the server's error codes, and the pattern of the library's own")
    func header() throws {
        #expect(OpenAPIDocument.yaml.hasPrefix("openapi: 3.1.0\n"))
        let schema = try #require(OpenAPIDocument.yaml.firstRange(of: "            code:\n").map { OpenAPIDocument.yaml[$0.upperBound...] })
        let listed = schema.split(separator: "\n").prefix { !$0.hasPrefix("            message:") }
            .compactMap { line in line.firstMatch(of: /^ +- ([a-z_0-9]+)$/).map { String($0.output.1) } }
        let answered = Refusal.allCases.filter(APIError.answers).map(\.code)
        #expect(Set(listed) == Set(answered))
        #expect(listed.count == answered.count, "a code listed twice")
        // The codes of Hummingbird's own 4xx refusals, `http_` and the status: what the document's `pattern` allows.
        let httpCodePattern = "^http_4[0-9]{2}$"
        #expect(schema.contains("- pattern: \"\(httpCodePattern)\"\n"))
        // What the server answers for a refusal of Hummingbird's own matches that pattern.
        let pattern = try NSRegularExpression(pattern: httpCodePattern)
        for status in [HTTPResponse.Status.contentTooLarge, .unsupportedMediaType, .requestTimeout] {
            let code = APIError.http(status).code
            #expect(pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil, "\(code)")
        }
    }

    @Test(
        "the section and title patterns accept exactly what the server does: every BMP scalar, and NFD syllables and spaces refused",
        arguments: ["section", "title"])
    func sectionPattern(parameter: String) throws {
        let regex = try NSRegularExpression(pattern: try #require(Self.pattern(ofParameter: parameter)))
        var inputs = (0...0xFFFF).compactMap(Unicode.Scalar.init).map { String($0) }
        inputs += ["\u{1100}\u{1161}", "\u{1112}\u{1175}\u{11C2}", "\u{1100}\u{1100}", " ㄱ", "ㄱ\u{3000}", "ab", "가나", ""]
        var mismatches: [String] = []
        for input in inputs {
            let accepted = (try? SectionsController.resolve(input, indexer: catalogue.indexer)) != nil
            let documented = regex.firstMatch(in: input, range: NSRange(input.startIndex..., in: input)) != nil
            if accepted != documented { mismatches.append("\(input.unicodeScalars.map { String($0.value, radix: 16) }): server \(accepted)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
    }

    @Test("the q pattern (not only White_Space) agrees with the server's idea of a space, for every BMP scalar")
    func queryPattern() throws {
        let regex = try NSRegularExpression(pattern: try #require(Self.pattern(ofParameter: "q")))
        for scalar in (0...0xFFFF).compactMap(Unicode.Scalar.init) {
            let text = String(scalar)
            let documented = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(documented == !scalar.properties.isWhitespace, "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// The `pattern:` of the parameter named `name`, unescaped from YAML's double quotes.
    static func pattern(ofParameter name: String) -> String? {
        let lines = OpenAPIDocument.yaml.split(separator: "\n")
        guard let start = lines.firstIndex(of: "      name: \(name)"[...]),
            let line = lines[start...].first(where: { $0.hasPrefix("        pattern: \"") })
        else { return nil }
        return String(line.dropFirst("        pattern: \"".count).dropLast()).replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// The `paths:` block's paths and their operations (two-space path keys, four-space methods).
    static func operations(_ yaml: String) -> [(path: String, method: String)] {
        let methods: Set<String> = ["get", "head", "put", "post", "delete", "options", "patch", "trace"]
        var result: [(String, String)] = []
        var inPaths = false
        var path: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty {
                inPaths = line == "paths:"
                path = nil
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let key = String(line.dropFirst(4).dropLast())
                if methods.contains(key) { result.append((path, key)) }
            }
        }
        return result
    }
}

@Suite("Query strings")
struct QueryStringTests {
    @Test("decodes + and %XX, keeps order, and canonicalises spellings")
    func decoding() throws {
        let query = try QueryString("q=new+york%21&at=2026", allowed: ["q", "at"], endpoint: "/x")
        #expect(query["q"] == "new york!")
        #expect(query.parameters.map(\.name) == ["q", "at"])
        #expect(query.canonical == "at=2026&q=new%20york%21")
        let korean = try QueryString("q=%EB%89%B4", allowed: ["q"], endpoint: "/x")
        #expect(try QueryString("q=뉴", allowed: ["q"], endpoint: "/x").canonical == korean.canonical)
        #expect(try QueryString("", allowed: [], endpoint: "/x").parameters.isEmpty)
        #expect(try QueryString("&&q=1&", allowed: ["q"], endpoint: "/x")["q"] == "1")
    }

    @Test("Hummingbird's own decoding passes malformed escapes through, which is why the feed decodes itself")
    func hummingbirdPassesThrough() {
        let uri = URI("/v1/search?q=%zz&%EB%89%B4=x")
        #expect(uri.queryParameters["q"] == "%zz")
        #expect(uri.queryParameters["뉴"] == nil)  // keys are not decoded at all
    }
}
