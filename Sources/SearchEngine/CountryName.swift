/// A country's name or short form (대한민국, 한국) with its ISO 3166-1 alpha-2 code: how search
/// tells a label that names another country (평양's KST labelled "대한민국 표준시").
package struct CountryName: Equatable, Sendable {
    /// The Korean name as the terms table has it.
    public let name: String
    /// ISO 3166-1 alpha-2.
    public let code: String

    /// A country name and its code.
    public init(name: String, code: String) {
        self.name = name
        self.code = code
    }
}
