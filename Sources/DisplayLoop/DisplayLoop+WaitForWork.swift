import LayerKitSupport

extension DisplayLoop {
    /// Suspends until this manual loop has something to run — a job queued, or a before-waiting
    /// point requested with ``setNeedsBeforeWaiting()`` — or until `timeout` of real time has
    /// passed. Returns whether it has work now (at once, `true`, if it had work already).
    ///
    /// The wait for work that reaches the loop from elsewhere: a task resumed on another thread, a
    /// draw that finished on a render lane, a stream's consumer resumed by a yield. It is woken by
    /// the enqueue itself, so a test neither spins nor sleeps a fixed time; `timeout` only bounds a
    /// test that would otherwise wait forever. Run the work with ``runTurn()`` or
    /// ``runUntilIdle(maxTurns:)``.
    ///
    /// For the manual driver; a thread-driven loop runs its work itself, so this returns `false`
    /// at once.
    public func waitForWork(timeout: Duration) async -> Bool {
        await wait(untilQueued: nil, timeout: timeout)
    }

    /// Suspends until at least `jobs` jobs are queued on this manual loop, or until `timeout` of
    /// real time has passed; returns whether they are. Like ``waitForWork(timeout:)``, woken by
    /// the enqueue that makes the count: for a test that lets several results reach the loop
    /// before it runs the turn that takes them all.
    public func waitUntilQueued(jobs: Int, timeout: Duration) async -> Bool {
        await wait(untilQueued: jobs, timeout: timeout)
    }

    private func wait(untilQueued jobs: Int?, timeout: Duration) async -> Bool {
        guard case .manual = driver else { return false }
        if state.withLock({ $0.isSatisfied(jobs: jobs) }) { return true }
        await waitWithTimeout(timeout) { await self.satisfied(jobs: jobs) }
        return state.withLock { $0.isSatisfied(jobs: jobs) }
    }

    /// Returns when the wait for `jobs` is satisfied, or when the calling task is cancelled.
    private func satisfied(jobs: Int?) async {
        let id = state.withLock { state -> Int in
            state.nextWorkWaiterID += 1
            return state.nextWorkWaiterID
        }
        try? await parkWaiter { continuation in
            // Checked and registered under the lock that enqueue takes: no wake-up is lost.
            let ready = state.withLock { state -> Bool in
                if state.isSatisfied(jobs: jobs) { return true }
                state.workWaiters[id] = (jobs, continuation)
                return false
            }
            if ready { continuation.resume() }
            return !ready
        } onCancel: {
            state.withLock { $0.workWaiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }
}
