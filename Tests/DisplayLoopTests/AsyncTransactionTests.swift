import AsyncLayerKitTesting
import DisplayLoop
import LayerKitSupport
import Testing

/// ``AsyncTransaction`` and ``AsyncTransactionGroup`` on the manual main loop. Operations run on
/// the global executor (or a manual task executor) for real; the loop turns only when the test
/// drives it, so what runs in which turn is deterministic.
@Suite(.mainDisplayLoop, .timeLimit(.minutes(5))) struct AsyncTransactionTests {
    /// What a completion saw.
    struct Delivery: Sendable {
        let index: Int
        let value: Int?
        let error: TestError?
        let skipped: Bool
        let cancelled: Bool
    }

    final class Deliveries: Sendable {
        private let list = Lock<[Delivery]>([])
        func append(_ delivery: Delivery) { list.withLock { $0.append(delivery) } }
        var all: [Delivery] { list.withLock { $0 } }
    }

    @DisplayActor static func record(_ index: Int, into deliveries: Deliveries, log: Log? = nil)
        -> @DisplayActor (AsyncOperationOutcome<Int>, Bool) -> Void
    {
        { outcome, cancelled in
            deliveries.append(Delivery(
                index: index,
                value: outcome.value,
                error: Self.testError(in: outcome),
                skipped: outcome.isSkipped,
                cancelled: cancelled
            ))
            log?.append("completion \(index)")
        }
    }

    static func testError(in outcome: AsyncOperationOutcome<Int>) -> TestError? {
        if case .failure(let error) = outcome { error as? TestError } else { nil }
    }

    // MARK: Order and once-only delivery

    @Test func completionsRunInAddOrderWhenOperationsEndInReverse() async {
        let clock = ManualClock()
        let log = Log()
        let deliveries = Deliveries()
        let count = 5
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction(maxConcurrentOperations: count) { _ in log.append("transaction") }
            for index in 0..<count {
                // Operation i ends at (count - i) × 10 ms: the last one added ends first.
                transaction.addOperation {
                    try await clock.sleep(until: .init(offset: .milliseconds(10 * (count - index))))
                    log.append("ended \(index)")
                    if index == 2 { throw TestError(code: 2) }  // an error reaches its completion too
                    return index * 100
                } completion: { outcome, cancelled in
                    Self.record(index, into: deliveries, log: log)(outcome, cancelled)
                }
            }
            transaction.commit()
            return transaction
        }.value
        #expect(await clock.waitForSleepers(count: count))

        for step in 1...count {
            clock.advance(by: .milliseconds(10))
            #expect(await DisplayLoop.settle { transaction.runningOperationCount == count - step })
            if step < count {
                #expect(deliveries.all.isEmpty)  // nothing is delivered before every operation ended
            }
        }
        #expect(await DisplayLoop.settle { transaction.state == .complete })

        #expect(log.all.filter { $0.hasPrefix("ended") } == ["ended 4", "ended 3", "ended 2", "ended 1", "ended 0"])
        #expect(deliveries.all.map(\.index) == [0, 1, 2, 3, 4])
        #expect(deliveries.all.map(\.value) == [0, 100, nil, 300, 400])
        #expect(deliveries.all.map(\.error) == [nil, nil, TestError(code: 2), nil, nil])
        #expect(deliveries.all.allSatisfy { !$0.cancelled && !$0.skipped })
        #expect(log.all.last == "transaction")  // the transaction's completion comes after its operations'
        #expect(log.all.filter { $0 == "transaction" }.count == 1)
    }

    /// Where a cancel lands in an iteration of the race below.
    enum CancelMoment: CaseIterable {
        /// Before any operation's task has run a step: no body runs.
        case beforeAnyStart
        /// After some steps of the operations and some turns of the loop (how many varies).
        case midway
        /// Every operation has ended, and their ends and the cancel run in one turn: delivered
        /// cancelled although every body ran to the end.
        case endedNotDelivered
        /// After delivery: the cancel does nothing.
        case afterDelivery
    }

    /// The operations run on a manual task executor, and the test steps them and the loop in an
    /// order it chooses, so every side of the race happens, in every run, on this thread.
    @Test func everyCompletionRunsExactlyOnceWhileCancellationRacesTheOperations() async {
        let iterations = 200
        let operations = 6
        let executor = ManualTaskExecutor()
        var seen: [CancelMoment: (cancelled: Int, partlySkipped: Int, runs: Int)] = [:]
        for iteration in 0..<iterations {
            let moment = CancelMoment.allCases[iteration % CancelMoment.allCases.count]
            let perOperation = (0..<operations).map { _ in Counter() }
            let transactionCompletions = Counter()
            let started = Counter()
            let ended = Counter()
            let cancelledFlags = Log()
            let width = moment == .endedNotDelivered ? operations : 1 + iteration % 4
            let transaction = DisplayLoop.drive { () -> AsyncTransaction in
                let transaction = AsyncTransaction(maxConcurrentOperations: width) { _ in
                    transactionCompletions.increment()
                }
                for index in 0..<operations {
                    let yields = (iteration * 7 + index * 13) % 40
                    transaction.addOperation(priority: index.isMultiple(of: 2) ? .high : .low, executor: executor) {
                        started.increment()
                        defer { ended.increment() }
                        for _ in 0..<yields { await Task.yield() }  // one executor job each
                        return index
                    } completion: { _, cancelled in
                        perOperation[index].increment()
                        cancelledFlags.append("\(cancelled)")
                    }
                }
                transaction.commit()
                return transaction
            }.value
            switch moment {
            case .beforeAnyStart:
                break
            case .midway:
                // A different number of executor steps, with loop turns every few steps.
                let steps = (iteration * 37) % 90 + 1, turnEvery = iteration % 3 + 1
                for step in 1...steps {
                    executor.runOne()
                    if step.isMultiple(of: turnEvery) { DisplayLoop.main.runUntilIdle() }
                }
            case .endedNotDelivered:
                executor.runAll()  // every body ends; their ends wait on the loop, not yet run
                #expect(started.count == operations && ended.count == operations)
                #expect(DisplayLoop.main.pendingJobCount == operations)
            case .afterDelivery:
                drain(executor)
                #expect(DisplayLoop.drive { transaction.state }.value == .complete)
            }
            // Queued behind whatever waits on the loop: for .endedNotDelivered, the operations'
            // ends and the cancel run in one turn.
            Task { @DisplayActor in transaction.cancel() }
            drain(executor)
            #expect(DisplayLoop.drive { transaction.state }.value == .complete)

            #expect(perOperation.map(\.count) == Array(repeating: 1, count: operations), "iteration \(iteration)")
            #expect(transactionCompletions.count == 1, "iteration \(iteration)")
            #expect(started.count == ended.count, "an operation task outlived its transaction (iteration \(iteration))")
            // Texture semantics: `cancelled` is the transaction's state at delivery, the same for all.
            #expect(Set(cancelledFlags.all).count == 1)
            #expect(DisplayLoop.drive { transaction.isCancelled }.value == (cancelledFlags.all.first == "true"))
            var tally = seen[moment, default: (0, 0, 0)]
            tally.runs += 1
            if cancelledFlags.all.first == "true" { tally.cancelled += 1 }
            if started.count < operations { tally.partlySkipped += 1 }
            seen[moment] = tally
            // Nothing is left anywhere to arrive later: every task of this transaction lives on
            // the manual executor, and both queues are empty.
            #expect(executor.pendingJobCount == 0 && DisplayLoop.main.pendingJobCount == 0)
        }
        // Both sides of the race, every run: delivered after a cancel, with bodies that never ran
        // (before any start) and with every body run (ended, not delivered); delivered before it.
        let runs = iterations / CancelMoment.allCases.count
        #expect(seen[.beforeAnyStart].map { $0 == (runs, runs, runs) } == true)
        #expect(seen[.endedNotDelivered].map { $0 == (runs, 0, runs) } == true)
        #expect(seen[.afterDelivery].map { $0 == (0, 0, runs) } == true)
        #expect(seen[.midway].map { $0.cancelled > 0 && $0.partlySkipped > 0 } == true)
        #expect(DisplayLoop.drive { AsyncTransactionCenter.inFlightCount }.value == 0)
    }

    @Test func allCompletionsOfATransactionRunInOneTurnsCompletionsPhase() async {
        let clock = ManualClock()
        let log = Log()
        let markers = CompletionsPhaseMarkers(log: log)
        defer { markers.remove() }
        let deliveries = Deliveries()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction(maxConcurrentOperations: 4) { _ in log.append("completion of the transaction") }
            for index in 0..<4 {
                transaction.addOperation {
                    try await clock.sleep(until: .init(offset: .milliseconds(10 * (index + 1))))
                    return index
                } completion: { outcome, cancelled in
                    Self.record(index, into: deliveries, log: log)(outcome, cancelled)
                }
            }
            transaction.commit()
            return transaction
        }.value
        #expect(await clock.waitForSleepers(count: 4))
        // The operations end one by one, each in turns of its own.
        var turnsWithAnEnd: [UInt64] = []
        for step in 1...4 {
            clock.advance(by: .milliseconds(10))
            await DisplayLoop.main.waitForJobs()  // woken by the operation's end reaching the loop
            turnsWithAnEnd += DisplayLoop.main.runUntilIdle().map(\.number)
            #expect(await DisplayLoop.settle { transaction.runningOperationCount + transaction.waitingOperationCount == 4 - step })
            if step < 4 { #expect(await clock.waitForSleepers(count: 4 - step)) }
        }
        #expect(await DisplayLoop.settle { transaction.state == .complete })

        let turns = markers.turns(ofEntriesWithPrefix: "completion")
        #expect(turns.count == 5)
        #expect(turns.allSatisfy { $0 != nil })           // in the completions phase, never mid-turn
        #expect(Set(turns).count == 1)                    // all in one turn: no partial cell
        #expect(deliveries.all.map(\.index) == [0, 1, 2, 3])
        #expect(log.all.filter { $0.hasPrefix("completion") }.last == "completion of the transaction")
        #expect(Set(turnsWithAnEnd).count > 1)            // while the operations ended over several turns
    }

    // MARK: Cancellation

    @Test func cancelStopsRunningOperationsSkipsWaitingOnesAndStillDeliversEveryCompletion() async {
        let started = Counter()
        let sawCancellation = Counter()
        let deliveries = Deliveries()
        let transactionCompletions = Counter()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction(maxConcurrentOperations: 2) { transaction in
                #expect(transaction.isCancelled)
                transactionCompletions.increment()
            }
            for index in 0..<4 {
                transaction.addOperation { () async throws -> Int in
                    started.increment()
                    do {
                        try await Task.sleep(for: .seconds(3600))  // would hang without cancellation
                    } catch {
                        if Task.isCancelled { sawCancellation.increment() }
                        throw error
                    }
                    return index
                } completion: { outcome, cancelled in
                    Self.record(index, into: deliveries)(outcome, cancelled)
                }
            }
            return transaction  // still open
        }.value
        // The operations started at once, off the loop, without another turn.
        #expect(await started.wait(untilAtLeast: 2))

        let stateAfterCancel = DisplayLoop.drive { () -> AsyncTransaction.State in
            transaction.cancel()  // on an open transaction: commits it, then cancels it
            return transaction.state
        }.value
        #expect(stateAfterCancel == .cancelled || stateAfterCancel == .complete)
        #expect(await DisplayLoop.settle { transaction.state == .complete })

        #expect(started.count == 2)                    // the two waiting operations never ran
        #expect(sawCancellation.count == 2)            // the running ones saw Task.isCancelled
        #expect(deliveries.all.map(\.index) == [0, 1, 2, 3])
        #expect(deliveries.all.map(\.skipped) == [false, false, true, true])
        #expect(deliveries.all.allSatisfy { $0.cancelled })
        #expect(transactionCompletions.count == 1)
    }

    @Test func anOperationCancelledBeforeItsTaskStartsNeverRunsItsBody() async {
        let executor = ManualTaskExecutor()
        let ran = Counter()
        let deliveries = Deliveries()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction()
            transaction.addOperation(executor: executor) {
                ran.increment()
                return 1
            } completion: { outcome, cancelled in
                Self.record(0, into: deliveries)(outcome, cancelled)
            }
            transaction.commit()
            return transaction
        }.value
        #expect(executor.pendingJobCount == 1)        // its task exists, queued on the executor
        #expect(DisplayLoop.drive { transaction.runningOperationCount }.value == 1)
        DisplayLoop.drive { transaction.cancel() }
        drain(executor)
        #expect(DisplayLoop.drive { transaction.state }.value == .complete)

        #expect(ran.count == 0)
        #expect(deliveries.all.map(\.skipped) == [true])
        #expect(deliveries.all.map(\.cancelled) == [true])
        #expect(executor.pendingJobCount == 0)
    }

    @Test func operationsRunOnTheTaskExecutorTheyName() async {
        let executor = ManualTaskExecutor()
        let ran = Counter()
        let deliveries = Deliveries()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction()
            for index in 0..<3 {
                transaction.addOperation(executor: executor) {
                    ran.increment()
                    return index
                } completion: { outcome, cancelled in
                    Self.record(index, into: deliveries)(outcome, cancelled)
                }
            }
            transaction.commit()
            return transaction
        }.value
        // Their tasks wait in the executor's queue, where only the executor can run them: not
        // on the global pool (a task there would not be in this queue), not on the loop.
        let tasks = DisplayLoop.drive { transaction.runningOperationCount }.value  // turns run: none runs an operation
        #expect(tasks > 0 && executor.pendingJobCount == tasks)
        #expect(ran.count == 0)  // nothing runs until the executor does
        drain(executor)
        #expect(DisplayLoop.drive { transaction.state }.value == .complete)
        #expect(ran.count == 3)
        #expect(executor.jobsRun >= 3)
        #expect(deliveries.all.map(\.value) == [0, 1, 2])
    }

    // MARK: Commit rules

    @Test func anEmptyCommitCompletesInTheSameTurnNotInsideCommit() {
        let log = Log()
        let markers = CompletionsPhaseMarkers(log: log)
        defer { markers.remove() }
        let (states, turns) = DisplayLoop.drive { () -> [AsyncTransaction.State] in
            let transaction = AsyncTransaction { _ in log.append("completion") }
            transaction.commit()
            log.append("after commit")
            let afterCommit = transaction.state
            transaction.commit()  // a second commit does nothing
            return [afterCommit, transaction.state]
        }
        #expect(states == [.committed, .committed])
        #expect(log.all.filter { $0 == "completion" }.count == 1)
        #expect(log.all.firstIndex(of: "after commit")! < log.all.firstIndex(of: "completion")!)
        // …in the completions phase of the turn whose job committed it: the drive's first turn.
        #expect(markers.turns(ofEntriesWithPrefix: "completion") == [turns.first?.number])
    }

    @Test func commitAndCancelAfterDeliveryDoNothing() async {
        let completions = Counter()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction { _ in completions.increment() }
            transaction.addOperation { 7 } completion: { _, _ in completions.increment() }
            transaction.commit()
            return transaction
        }.value
        #expect(await DisplayLoop.settle { transaction.state == .complete })
        // Both run on the loop: a second delivery would be queued by them, synchronously, and
        // run in this drive's completions phase.
        DisplayLoop.drive {
            transaction.commit()
            transaction.cancel()
        }
        #expect(completions.count == 2)
        #expect(DisplayLoop.drive { AsyncTransactionCenter.inFlightCount }.value == 0)
        #expect(DisplayLoop.drive { (transaction.state, transaction.isCancelled) }.value == (.complete, false))
    }

    // MARK: Scheduling

    @Test func waitingOperationsStartByPriorityThenAddOrder() async {
        let startOrder = Log()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction(maxConcurrentOperations: 1)
            // The first starts at once; the others wait for the single slot, which the first cannot
            // give back before this job ends (its end is a job on this loop).
            let priorities: [(String, TaskPriority)] = [("a", .low), ("b", .low), ("c", .high), ("d", .medium), ("e", .high)]
            for (name, priority) in priorities {
                transaction.addOperation(priority: priority) {
                    startOrder.append(name)
                } completion: { _, _ in }
            }
            #expect(transaction.runningOperationCount == 1)
            #expect(transaction.waitingOperationCount == 4)
            transaction.commit()
            return transaction
        }.value
        #expect(await DisplayLoop.settle { transaction.state == .complete })
        #expect(startOrder.all == ["a", "c", "e", "d", "b"])
    }

    /// The operations run on a manual executor and wait on a manual clock, so at each step every
    /// operation that has a task has run as far as it can: the number waiting on the clock is
    /// exactly the number running, with no timing in it.
    @Test func noMoreThanMaxConcurrentOperationsRunAtOnce() async {
        final class Gauge: Sendable {
            private let state = Lock((current: 0, peak: 0))
            func enter() { state.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) } }
            func leave() { state.withLock { $0.current -= 1 } }
            var peak: Int { state.withLock { $0.peak } }
        }
        let gauge = Gauge()
        let ran = Counter()
        let executor = ManualTaskExecutor()
        let clock = ManualClock()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction(maxConcurrentOperations: 2)
            for _ in 0..<8 {
                transaction.addOperation(executor: executor) {
                    gauge.enter()
                    defer { gauge.leave() }
                    try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
                    ran.increment()
                } completion: { _, _ in }
            }
            #expect(transaction.runningOperationCount == 2)  // only two tasks exist
            transaction.commit()
            return transaction
        }.value
        for round in 1...4 {
            drain(executor)
            #expect(clock.sleeperCount == 2, "round \(round)")  // two run at once, not more
            clock.advance(by: .seconds(1))
        }
        drain(executor)
        #expect(DisplayLoop.drive { transaction.state }.value == .complete)
        #expect(ran.count == 8)
        #expect(gauge.peak == 2)
    }

    // MARK: Waiting

    @Test func waitUntilCompleteResumesAfterTheCompletions() async {
        let log = Log()
        let gate = ManualClock()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction { _ in log.append("transaction completion") }
            transaction.addOperation {
                try await gate.sleep(until: .init(offset: .milliseconds(1)))
            } completion: { _, _ in log.append("operation completion") }
            return transaction  // open: waiting commits it
        }.value
        let waiter = Task { @DisplayActor in
            await transaction.waitUntilComplete()
            log.append("resumed")
        }
        DisplayLoop.main.runUntilIdle()
        #expect(DisplayLoop.drive { transaction.state }.value == .committed)
        #expect(log.all.isEmpty)
        #expect(await gate.waitForSleepers())
        gate.advance(by: .milliseconds(1))
        #expect(await DisplayLoop.settle { log.all.contains("resumed") })
        #expect(log.all == ["operation completion", "transaction completion", "resumed"])
        await waiter.value
    }

    @Test func aCancelledWaiterReturnsWithoutCancellingTheTransaction() async {
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction()
            transaction.addOperation { try await Task.sleep(for: .seconds(3600)) } completion: { _, _ in }
            transaction.commit()
            return transaction
        }.value
        let returned = Counter()
        let waiter = Task { @DisplayActor in
            await transaction.waitUntilComplete()
            returned.increment()
        }
        DisplayLoop.main.runUntilIdle()
        waiter.cancel()
        #expect(await DisplayLoop.settle { returned.count == 1 })
        #expect(DisplayLoop.drive { transaction.state }.value == .committed)
        DisplayLoop.drive { transaction.cancel() }
        #expect(await DisplayLoop.settle { transaction.state == .complete })
    }

    // MARK: Lifetime

    @Test func aDeliveredTransactionIsReleasedAndNoOperationOutlivesIt() async {
        let weak = WeakBox<AsyncTransaction>()
        let started = Counter()
        let ended = Counter()
        let delivered = Counter()
        DisplayLoop.drive {
            let transaction = AsyncTransaction(maxConcurrentOperations: 3) { _ in delivered.increment() }
            for _ in 0..<3 {
                transaction.addOperation {
                    started.increment()
                    defer { ended.increment() }
                    try await Task.sleep(for: .seconds(3600))  // hangs unless cancelled
                } completion: { _, _ in }
            }
            weak.object = transaction
            transaction.cancel()
            // Only the loop's delivery queue keeps it now.
        }
        #expect(await DisplayLoop.settle { delivered.count == 1 })
        #expect(started.count == ended.count)  // every task that started has ended by delivery
        #expect(await DisplayLoop.settle { weak.object == nil })
        #expect(DisplayLoop.drive { AsyncTransactionCenter.inFlightCount }.value == 0)
    }

    @Test func anOpenTransactionDroppedWithoutCommitCancelsItsOperations() async {
        final class Holder: @unchecked Sendable {
            // @unchecked Sendable: only touched inside DisplayLoop.drive, on DisplayActor.
            var transaction: AsyncTransaction?
        }
        let holder = Holder()
        let executor = ManualTaskExecutor()
        let started = Counter()
        let ended = Counter()
        let completions = Counter()
        DisplayLoop.drive {
            let transaction = AsyncTransaction()
            transaction.addOperation(executor: executor) {
                started.increment()
                defer { ended.increment() }
                try await Task.sleep(for: .seconds(3600))
            } completion: { _, _ in completions.increment() }
            holder.transaction = transaction
        }
        executor.runAll()  // the operation starts and sleeps
        #expect(started.count == 1 && ended.count == 0)
        DisplayLoop.drive { holder.transaction = nil }  // dropped while open, its operation running
        drain(executor)                                 // the cancelled sleep resumes on the executor
        #expect(ended.count == 1)                       // its task was cancelled: it did not leak
        // Nothing is left to deliver later: the task has ended and both queues are empty.
        #expect(executor.pendingJobCount == 0 && DisplayLoop.main.pendingJobCount == 0)
        #expect(completions.count == 0)  // never committed, never delivered (documented)
    }

    // MARK: Groups

    @Test func aGroupCommitsOpenTransactionsAtTheBeforeWaitingPointInAddOrder() async {
        let log = Log()
        let markers = CompletionsPhaseMarkers(log: log)
        defer { markers.remove() }
        let count = 40
        let (group, turns) = DisplayLoop.drive { () -> AsyncTransactionGroup in
            let group = AsyncTransactionGroup()
            for index in 0..<count {
                let transaction = AsyncTransaction(group: group) { _ in log.append("completion \(index)") }
                if index == 10 { transaction.commit() }   // committed by hand: ready before the others
                if index == 20 { group.add(transaction) } // added twice: committed once
            }
            let main = AsyncTransaction(group: .main) { _ in log.append("completion main") }
            // Never mid-turn: everything is still open (but the one committed by hand).
            #expect(group.count == count)
            #expect(main.state == .open)
            log.append("job done")
            return group
        }
        let completions = log.all.filter { $0.hasPrefix("completion") }
        let expected = ["completion 10"] + (0..<count).filter { $0 != 10 }.map { "completion \($0)" }
        #expect(completions.filter { $0 != "completion main" } == expected)
        #expect(completions.contains("completion main"))
        // All at the before-waiting point of the turn that opened them.
        #expect(Set(markers.turns(ofEntriesWithPrefix: "completion")) == [turns.first?.number])
        #expect(log.all.firstIndex(of: "job done")! < log.all.firstIndex(of: "completion 10")!)
        #expect(DisplayLoop.drive { group.count }.value == 0)
    }

    @Test func aGroupCommitDoesNotWaitForRunningOperations() async {
        let clock = ManualClock()
        let delivered = Counter()
        let transaction = DisplayLoop.drive { () -> AsyncTransaction in
            let transaction = AsyncTransaction(group: .main) { _ in delivered.increment() }
            transaction.addOperation { try await clock.sleep(until: .init(offset: .seconds(1))) } completion: { _, _ in }
            return transaction
        }.value
        #expect(DisplayLoop.drive { transaction.state }.value == .committed)  // committed by the group
        #expect(delivered.count == 0)
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(1))
        #expect(await DisplayLoop.settle { delivered.count == 1 })
    }
}

@Suite struct AsyncTransactionMisuseTests {
    #if compiler(>=6.2) && os(Linux)
    @Test func addingAnOperationAfterCommitTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Task { @DisplayActor in
                let transaction = AsyncTransaction()
                transaction.commit()
                transaction.addOperation { 1 } completion: { _, _ in }
            }.value
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("AsyncTransaction.addOperation on a committed transaction"))
    }
    #endif
}
