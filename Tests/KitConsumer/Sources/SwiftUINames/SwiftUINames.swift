/// A list section with a header, named as SwiftUI's `Section`.
public struct Section: CustomStringConvertible {
    /// The header's text.
    public let header: String
    /// The number of rows under the header.
    public let rows: Int

    /// A section headed `header` over `rows` rows.
    public init(_ header: String, rows: Int) {
        self.header = header
        self.rows = rows
    }

    /// The header and its row count.
    public var description: String { "\(header) (\(rows))" }
}

/// A value read from the app's environment, named as SwiftUI's `@Environment`.
public struct Environment {
    /// The environment key's name.
    public let key: String

    /// The value under `key`.
    public init(_ key: String) { self.key = key }
}

/// A file the app reads, named as the kit's C-library reader once was, to show it is no longer public.
public struct SystemFile {
    /// The file's path.
    public let path: String

    /// The file at `path`.
    public init(_ path: String) { self.path = path }
}
