/// How one operation of an ``AsyncTransaction`` ended — a value, an error, or never ran — as its
/// completion receives it with the transaction's `cancelled` flag. See <doc:AsyncTransactionsArticle>.
public enum AsyncOperationOutcome<Value: Sendable>: Sendable {
    /// The operation ran and returned this value. It may still come with `cancelled == true`:
    /// the operation finished before (or without noticing that) the transaction was cancelled.
    case success(Value)
    /// The operation ran and threw this error — `CancellationError` when it noticed that the
    /// transaction was cancelled and gave up.
    case failure(any Error)
    /// The operation's body never ran: the transaction was cancelled before the operation started
    /// (it was still waiting for a free slot, or its task was cancelled before it began).
    case skipped

    /// The value, for ``success(_:)``; `nil` otherwise.
    public var value: Value? {
        if case .success(let value) = self { value } else { nil }
    }

    /// The outcome as a `Result`, or `nil` when the operation was ``skipped``.
    public var result: Result<Value, any Error>? {
        switch self {
        case .success(let value): .success(value)
        case .failure(let error): .failure(error)
        case .skipped: nil
        }
    }

    /// Whether the operation's body never ran.
    public var isSkipped: Bool {
        if case .skipped = self { true } else { false }
    }
}
