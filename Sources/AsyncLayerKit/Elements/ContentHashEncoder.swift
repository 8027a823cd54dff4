import Foundation

/// An `Encoder` that digests a value's `Codable` encoding straight into an ``FNV1a128`` state,
/// with no JSON text in between: what ``Element/contentHash()`` uses.
///
/// The stream it digests is a pre-order walk of the encoding in which every key and value is
/// tagged with its kind and with the depth of the container it is written to. A pre-order walk
/// with depths determines the tree, so two different encodings cannot give the same stream
/// (`{a: {b: 1}, c: 2}` and `{a: {b: 1, c: 2}}` differ in the depth of `c`). Keys are digested
/// in the order the type's `encode(to:)` writes them — fixed by the code, so the hash is the same
/// in every process and on every run. Like `JSONEncoder`, a NaN or infinite number is an
/// `EncodingError.invalidValue`; `-0.0` digests as `0.0`, since the two compare equal.
final class ContentHashEncoder {
    private(set) var hasher = FNV1a128()

    /// Digests `value`.
    static func digest(_ value: some Encodable) throws -> ContentHash {
        let encoder = ContentHashEncoder()
        try value.encode(to: ContentHashEncoder.Node(encoder: encoder, depth: 0, codingPath: []))
        return encoder.hasher.finalize()
    }

    /// What a digested item is; one byte each, before the item's bytes.
    enum Tag: UInt8 {
        case keyedContainer = 1, unkeyedContainer, key, null, bool, integer, unsigned, double, string, bytes
    }

    func combine(_ tag: Tag, depth: Int) {
        hasher.combine(UInt64(tag.rawValue) | UInt64(truncatingIfNeeded: depth) << 8)
    }

    func combine(string: String, depth: Int, tag: Tag = .string) {
        combine(tag, depth: depth)
        var string = string
        string.withUTF8 { utf8 in
            hasher.combine(UInt64(utf8.count))
            hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        }
    }

    func combine(double: Double, depth: Int, codingPath: [any CodingKey]) throws {
        guard double.isFinite else {
            throw EncodingError.invalidValue(double, .init(codingPath: codingPath, debugDescription: "\(double) is not a finite number"))
        }
        combine(.double, depth: depth)
        hasher.combine((double == 0 ? 0 : double).bitPattern)
    }

    /// Raw bytes (an encoded image), digested as they are rather than as base64 text.
    func combine(bytes: [UInt8], depth: Int) {
        combine(.bytes, depth: depth)
        hasher.combine(UInt64(bytes.count))
        hasher.combine(bytes)
    }

    /// The `Encoder` handed to `encode(to:)`: the shared state plus where in the tree it writes.
    struct Node: Encoder {
        let encoder: ContentHashEncoder
        let depth: Int
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            encoder.combine(.keyedContainer, depth: depth)
            return KeyedEncodingContainer(Keyed<Key>(encoder: encoder, depth: depth + 1, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            encoder.combine(.unkeyedContainer, depth: depth)
            return Unkeyed(encoder: encoder, depth: depth + 1, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(encoder: encoder, depth: depth, codingPath: codingPath)
        }
    }
}

/// Bytes that encode as base64 text in JSON but are digested raw by a ``ContentHashEncoder``
/// (a 50 KB image is not turned into 67 KB of text on every lookup).
struct RawBytesEncoding: Encodable {
    let bytes: [UInt8]

    func encode(to encoder: any Encoder) throws {
        if let node = encoder as? ContentHashEncoder.Node {
            node.encoder.combine(bytes: bytes, depth: node.depth)
        } else {
            var c = encoder.singleValueContainer()
            try c.encode(Data(bytes).base64EncodedString())
        }
    }
}

extension ContentHashEncoder {
    /// Values written one after another at one depth; shared by the three container kinds.
    struct Writer {
        let encoder: ContentHashEncoder
        let depth: Int

        func null() { encoder.combine(.null, depth: depth) }
        func bool(_ value: Bool) {
            encoder.combine(.bool, depth: depth)
            encoder.hasher.combine(UInt64(value ? 1 : 0))
        }
        func integer(_ value: some BinaryInteger) {
            if value < 0 {
                encoder.combine(.integer, depth: depth)
                encoder.hasher.combine(UInt64(bitPattern: Int64(truncatingIfNeeded: value)))
            } else {
                encoder.combine(.unsigned, depth: depth)
                encoder.hasher.combine(UInt64(truncatingIfNeeded: value))
            }
        }
        func string(_ value: String) { encoder.combine(string: value, depth: depth) }
        func double(_ value: Double, codingPath: [any CodingKey]) throws {
            try encoder.combine(double: value, depth: depth, codingPath: codingPath)
        }
        func value(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            try value.encode(to: Node(encoder: encoder, depth: depth, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ContentHashEncoder
        let depth: Int
        let codingPath: [any CodingKey]
        private var writer: Writer { Writer(encoder: encoder, depth: depth) }

        init(encoder: ContentHashEncoder, depth: Int, codingPath: [any CodingKey]) {
            self.encoder = encoder
            self.depth = depth
            self.codingPath = codingPath
        }

        private func key(_ key: Key) { encoder.combine(string: key.stringValue, depth: depth, tag: .key) }

        mutating func encodeNil(forKey key: Key) throws { self.key(key); writer.null() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key); writer.bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); writer.string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { self.key(key); try writer.double(value, codingPath: codingPath + [key]) }
        mutating func encode(_ value: Float, forKey key: Key) throws { self.key(key); try writer.double(Double(value), codingPath: codingPath + [key]) }
        mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key); writer.integer(value) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            self.key(key)
            try writer.value(value, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            self.key(key)
            return Node(encoder: encoder, depth: depth, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            self.key(key)
            return Node(encoder: encoder, depth: depth, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            encoder.combine(string: "super", depth: depth, tag: .key)
            return Node(encoder: encoder, depth: depth, codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            self.key(key)
            return Node(encoder: encoder, depth: depth, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: ContentHashEncoder
        let depth: Int
        let codingPath: [any CodingKey]
        private(set) var count = 0
        private var writer: Writer { Writer(encoder: encoder, depth: depth) }

        init(encoder: ContentHashEncoder, depth: Int, codingPath: [any CodingKey]) {
            self.encoder = encoder
            self.depth = depth
            self.codingPath = codingPath
        }

        private var indexKey: any CodingKey { IndexKey(intValue: count) }

        mutating func encodeNil() throws { writer.null(); count += 1 }
        mutating func encode(_ value: Bool) throws { writer.bool(value); count += 1 }
        mutating func encode(_ value: String) throws { writer.string(value); count += 1 }
        mutating func encode(_ value: Double) throws { try writer.double(value, codingPath: codingPath + [indexKey]); count += 1 }
        mutating func encode(_ value: Float) throws { try writer.double(Double(value), codingPath: codingPath + [indexKey]); count += 1 }
        mutating func encode(_ value: Int) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: Int8) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: Int16) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: Int32) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: Int64) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: UInt) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: UInt8) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: UInt16) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: UInt32) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: UInt64) throws { writer.integer(value); count += 1 }
        mutating func encode(_ value: some Encodable) throws {
            try writer.value(value, codingPath: codingPath + [indexKey])
            count += 1
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            defer { count += 1 }
            return Node(encoder: encoder, depth: depth, codingPath: codingPath + [indexKey]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            defer { count += 1 }
            return Node(encoder: encoder, depth: depth, codingPath: codingPath + [indexKey]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            defer { count += 1 }
            return Node(encoder: encoder, depth: depth, codingPath: codingPath + [indexKey])
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: ContentHashEncoder
        let depth: Int
        let codingPath: [any CodingKey]
        private var writer: Writer { Writer(encoder: encoder, depth: depth) }

        mutating func encodeNil() throws { writer.null() }
        mutating func encode(_ value: Bool) throws { writer.bool(value) }
        mutating func encode(_ value: String) throws { writer.string(value) }
        mutating func encode(_ value: Double) throws { try writer.double(value, codingPath: codingPath) }
        mutating func encode(_ value: Float) throws { try writer.double(Double(value), codingPath: codingPath) }
        mutating func encode(_ value: Int) throws { writer.integer(value) }
        mutating func encode(_ value: Int8) throws { writer.integer(value) }
        mutating func encode(_ value: Int16) throws { writer.integer(value) }
        mutating func encode(_ value: Int32) throws { writer.integer(value) }
        mutating func encode(_ value: Int64) throws { writer.integer(value) }
        mutating func encode(_ value: UInt) throws { writer.integer(value) }
        mutating func encode(_ value: UInt8) throws { writer.integer(value) }
        mutating func encode(_ value: UInt16) throws { writer.integer(value) }
        mutating func encode(_ value: UInt32) throws { writer.integer(value) }
        mutating func encode(_ value: UInt64) throws { writer.integer(value) }
        mutating func encode(_ value: some Encodable) throws { try writer.value(value, codingPath: codingPath) }
    }

    /// The coding key of an unkeyed container's element, for error paths.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { return nil }
    }
}
