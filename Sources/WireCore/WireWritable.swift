/// A value as the wire writes it: every JSON body of the package is a `WireWritable` written by
/// `JSONWriter` (the kit's `Codable` types only read them). Objects' keys go in sorted order
/// (byte order), as the feed has always had them, so that a body's bytes are stable.
package protocol WireWritable {
    /// Appends the value's JSON.
    func write(to json: inout JSONWriter)
}

extension JSONWriter {
    /// `value` as compact JSON.
    public static func bytes(of value: some WireWritable) -> [UInt8] {
        var json = JSONWriter()
        value.write(to: &json)
        return json.bytes
    }

    /// An object: `{`, the fields `members` writes with `field`, `}`.
    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        raw("{")
        fieldWritten = false
        members(&self)
        raw("}")
    }

    /// `"key":value` in an object, after a comma unless it is the first field.
    public mutating func field(_ key: StaticString, _ value: some WireWritable) { field(key) { value.write(to: &$0) } }

    /// `field(key, value)` when there is a value; nothing when it is nil.
    public mutating func field(_ key: StaticString, ifPresent value: (some WireWritable)?) {
        if let value { field(key, value) }
    }

    /// `"key":` and what `value` writes (a shape with a writer of its own).
    public mutating func field(_ key: StaticString, writing value: (inout JSONWriter) -> Void) {
        raw(fieldWritten ? ",\"" : "\"")
        raw(key)
        raw("\":")
        value(&self)
        fieldWritten = true
    }

    /// An array of what `element` writes for each of `elements`.
    public mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void) {
        raw("[")
        var first = true
        for value in elements {
            if !first { raw(",") }
            first = false
            element(&self, value)
        }
        raw("]")
    }

    /// An object whose keys are `entries`' keys, in byte order, each with what `value` writes.
    public mutating func map<Value>(_ entries: [String: Value], _ value: (inout JSONWriter, Value) -> Void) {
        let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        raw("{")
        for (index, key) in keys.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            value(&self, entries[key]!)
        }
        raw("}")
    }
}

extension String: WireWritable {
    /// A JSON string.
    package func write(to json: inout JSONWriter) { json.string(self) }
}

extension Int: WireWritable {
    /// A JSON number.
    package func write(to json: inout JSONWriter) { json.number(self) }
}

extension Int64: WireWritable {
    /// A JSON number.
    package func write(to json: inout JSONWriter) { json.number(self) }
}

extension Bool: WireWritable {
    /// `true` or `false`.
    package func write(to json: inout JSONWriter) { json.bool(self) }
}

extension Optional: WireWritable where Wrapped: WireWritable {
    /// The value, or `null`.
    package func write(to json: inout JSONWriter) {
        if let self { self.write(to: &json) } else { json.raw("null") }
    }
}

extension Array: WireWritable where Element: WireWritable {
    /// A JSON array.
    package func write(to json: inout JSONWriter) { json.array(self) { $1.write(to: &$0) } }
}

extension Dictionary: WireWritable where Key == String, Value: WireWritable {
    /// A JSON object, keys in byte order.
    package func write(to json: inout JSONWriter) { json.map(self) { $1.write(to: &$0) } }
}
