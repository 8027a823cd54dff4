#if canImport(Glibc)
import Glibc
#endif

/// Stops the process when a property of a parser does not hold: libFuzzer then keeps the input
/// that broke it as a crash, as it keeps one that crashed the parser itself.
///
/// - Parameters:
///   - condition: The property; evaluated once.
///   - message: What broke, printed before the abort.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    let line = "fuzz property failed: \(message())\n"
    var bytes = Array(line.utf8)
    _ = write(2, &bytes, bytes.count)
    abort()
}

/// The bytes libFuzzer hands `LLVMFuzzerTestOneInput`, as a buffer (an empty input may come with
/// a null pointer).
public func fuzzInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    guard let start, count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: start, count: count)
}
