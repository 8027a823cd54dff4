/// Runs `wait` until it returns or `timeout` has passed, whichever comes first, then cancels the
/// other: the bound of every "wait for an event" in the loop's test hooks. `wait` must return
/// when its task is cancelled.
package func waitWithTimeout(_ timeout: Duration, _ wait: @escaping @Sendable () async -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { await wait() }
        group.addTask { try? await Task.sleep(for: timeout) }
        await group.next()
        group.cancelAll()  // the other one: the timer, or the wait
    }
}
