/// The library's "main actor": a global actor whose executor is ``DisplayLoop/main``.
///
/// UI-state code — layers, transactions, the display link — is isolated to it, so it runs in the
/// loop's turns, one job at a time, and its before-waiting phases see a quiet state.
@globalActor
public actor DisplayActor {
    /// The actor instance behind the global actor.
    public static let shared = DisplayActor()

    /// ``DisplayLoop/main``.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        DisplayLoop.main.asUnownedSerialExecutor()
    }

    /// Runs `operation` with ``DisplayActor`` isolation, from code that is already on the loop
    /// but not in a job: a before-waiting observer. Traps anywhere else (like
    /// `MainActor.assumeIsolated`).
    public static func assumeIsolated<T: Sendable>(
        _ operation: @DisplayActor () throws -> T,
        file: StaticString = #fileID,
        line: UInt = #line
    ) rethrows -> T {
        shared.preconditionIsolated("not on DisplayLoop.main", file: file, line: line)
        // The isolation was just checked by the executor (checkIsolated / isIsolatingCurrentContext);
        // the cast only drops the global-actor attribute, as the standard library's own
        // MainActor.assumeIsolated does.
        return try withoutActuallyEscaping(operation) { isolated in
            try unsafeBitCast(isolated, to: (() throws -> T).self)()
        }
    }
}
