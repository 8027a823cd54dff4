import LayerKitSupport
import Foundation

/// An `Encoder` that digests a value's `Codable` encoding straight into a `StableHasher` (MurmurHash3 x64 128),
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
    private(set) var hasher = StableHasher()
    /// The coding path of the value being encoded: pushed and popped around each nested value
    /// rather than copied into every container (only an error or a type that asks reads it).
    private(set) var path: [any CodingKey] = []

    /// Encodes a nested value with `key` on the path.
    func encode(_ value: some Encodable, key: (any CodingKey)?, depth: Int) throws {
        if let key { path.append(key) }
        defer { if key != nil { path.removeLast() } }
        try value.encode(to: Node(encoder: self, depth: depth))
    }

    /// Digests `value`.
    static func digest(_ value: some Encodable) throws -> ContentHash {
        let encoder = ContentHashEncoder()
        try encoder.encode(value, key: nil, depth: 0)
        return encoder.hasher.finalize()
    }

    /// What a digested item is; one byte each, before the item's bytes.
    enum Tag: UInt8 {
        case keyedContainer = 1, unkeyedContainer, key, null, bool, integer, unsigned, double, string, bytes
    }

    func combine(_ tag: Tag, depth: Int) {
        hasher.combine(UInt64(tag.rawValue) | UInt64(truncatingIfNeeded: depth) << 8)
    }

    /// A tag word that also carries the byte count that follows (tag, depth: 24 bits, count: 32 bits).
    private func combine(_ tag: Tag, depth: Int, count: Int) {
        hasher.combine(UInt64(tag.rawValue) | UInt64(truncatingIfNeeded: depth & 0xFF_FFFF) << 8 | UInt64(truncatingIfNeeded: count) << 32)
        if count >= 1 << 32 { hasher.combine(UInt64(count)) }
    }

    func combine(string: String, depth: Int, tag: Tag = .string) {
        var string = string
        string.withUTF8 { utf8 in
            combine(tag, depth: depth, count: utf8.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        }
    }

    func combine(double: Double, depth: Int, key: (any CodingKey)?) throws {
        guard double.isFinite else {
            throw EncodingError.invalidValue(double, .init(codingPath: path + (key.map { [$0] } ?? []), debugDescription: "\(double) is not a finite number"))
        }
        combine(.double, depth: depth)
        hasher.combine((double == 0 ? 0 : double).bitPattern)
    }

    /// Raw bytes (an encoded image), digested as they are rather than as base64 text.
    func combine(bytes: [UInt8], depth: Int) {
        combine(.bytes, depth: depth, count: bytes.count)
        hasher.combine(bytes)
    }

    /// The `Encoder` handed to `encode(to:)`: the shared state plus where in the tree it writes.
    struct Node: Encoder {
        let encoder: ContentHashEncoder
        let depth: Int
        var codingPath: [any CodingKey] { encoder.path }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            encoder.combine(.keyedContainer, depth: depth)
            return KeyedEncodingContainer(Keyed<Key>(encoder: encoder, depth: depth + 1))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            encoder.combine(.unkeyedContainer, depth: depth)
            return Unkeyed(encoder: encoder, depth: depth + 1)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(encoder: encoder, depth: depth)
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
        func double(_ value: Double, key: (any CodingKey)?) throws {
            try encoder.combine(double: value, depth: depth, key: key)
        }
        func value(_ value: some Encodable, key: (any CodingKey)?) throws {
            try encoder.encode(value, key: key, depth: depth)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ContentHashEncoder
        let depth: Int
        var codingPath: [any CodingKey] { encoder.path }
        private var writer: Writer { Writer(encoder: encoder, depth: depth) }

        init(encoder: ContentHashEncoder, depth: Int) {
            self.encoder = encoder
            self.depth = depth
        }

        private func key(_ key: Key) { encoder.combine(string: key.stringValue, depth: depth, tag: .key) }

        mutating func encodeNil(forKey key: Key) throws { self.key(key); writer.null() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key); writer.bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); writer.string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { self.key(key); try writer.double(value, key: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { self.key(key); try writer.double(Double(value), key: key) }
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
            try writer.value(value, key: key)
        }

        // A nested container outlives this call, so its key cannot be pushed and popped around
        // it: values written into it report the path without that key in an error.
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            self.key(key)
            return Node(encoder: encoder, depth: depth).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            self.key(key)
            return Node(encoder: encoder, depth: depth).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            encoder.combine(string: "super", depth: depth, tag: .key)
            return Node(encoder: encoder, depth: depth)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            self.key(key)
            return Node(encoder: encoder, depth: depth)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: ContentHashEncoder
        let depth: Int
        var codingPath: [any CodingKey] { encoder.path }
        private(set) var count = 0
        private var writer: Writer { Writer(encoder: encoder, depth: depth) }

        init(encoder: ContentHashEncoder, depth: Int) {
            self.encoder = encoder
            self.depth = depth
        }

        private var indexKey: any CodingKey { IndexKey(intValue: count) }

        mutating func encodeNil() throws { writer.null(); count += 1 }
        mutating func encode(_ value: Bool) throws { writer.bool(value); count += 1 }
        mutating func encode(_ value: String) throws { writer.string(value); count += 1 }
        mutating func encode(_ value: Double) throws { try writer.double(value, key: indexKey); count += 1 }
        mutating func encode(_ value: Float) throws { try writer.double(Double(value), key: indexKey); count += 1 }
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
            try writer.value(value, key: indexKey)
            count += 1
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            defer { count += 1 }
            return Node(encoder: encoder, depth: depth).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            defer { count += 1 }
            return Node(encoder: encoder, depth: depth).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            defer { count += 1 }
            return Node(encoder: encoder, depth: depth)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: ContentHashEncoder
        let depth: Int
        var codingPath: [any CodingKey] { encoder.path }
        private var writer: Writer { Writer(encoder: encoder, depth: depth) }

        mutating func encodeNil() throws { writer.null() }
        mutating func encode(_ value: Bool) throws { writer.bool(value) }
        mutating func encode(_ value: String) throws { writer.string(value) }
        mutating func encode(_ value: Double) throws { try writer.double(value, key: nil) }
        mutating func encode(_ value: Float) throws { try writer.double(Double(value), key: nil) }
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
        mutating func encode(_ value: some Encodable) throws { try writer.value(value, key: nil) }
    }

    /// The coding key of an unkeyed container's element, for error paths.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { return nil }
    }
}
