import AsyncLayerKitTesting
import DisplayLoop
import Testing

@DisplayActor final class Model {
    var value = 0
    var renders: [Int] = []
    var ranInsideAJob: [Bool] = []
    func render() {
        renders.append(value)
        ranInsideAJob.append(false)
    }
}

@Suite(.mainDisplayLoop) struct TransactionTests {
    @Test(arguments: [1, 10, 10_000])
    func commitsInOneTurnRunOnceAtBeforeWaiting(commits: Int) {
        let (model, turns) = DisplayLoop.drive { () -> Model in
            let model = Model()
            for i in 1...commits {
                model.value = i
                Transaction(target: model, action: "render") { $0.render() }.commit()
                #expect(model.renders.isEmpty)  // never mid-turn
            }
            return model
        }
        let renders = DisplayLoop.drive { model.renders }.value
        #expect(renders == [commits])  // once, with the last state
        #expect(turns.contains { $0.phasesRun.contains(.transactions) })
    }

    @Test func distinctTransactionsRunInCommitOrder() {
        final class Box: @unchecked Sendable {
            // @unchecked Sendable: only touched on DisplayActor (inside drive) and read after it.
            var order: [String] = []
        }
        let box = Box()
        let targets = DisplayLoop.drive { () -> [Model] in
            let a = Model(), b = Model()
            // Interleaved and repeated: the first commit of each (target, action) fixes its place.
            for name in ["a.x", "b.x", "a.y", "a.x", "b.x", "b.y"] {
                let target = name.hasPrefix("a") ? a : b
                Transaction(target: target, action: String(name.dropFirst(2))) { _ in box.order.append(name) }.commit()
            }
            return [a, b]  // alive until the flush
        }.value
        #expect(box.order == ["a.x", "b.x", "a.y", "b.y"])
        DisplayLoop.drive { withExtendedLifetime(targets) {} }
    }

    @Test func targetsAreWeakAndNotKeptPastTheFlush() {
        final class Probe: @unchecked Sendable {
            // @unchecked Sendable: written on DisplayActor inside drive, read after it returns.
            weak var target: Model?
            var ran = 0
        }
        let probe = Probe()
        DisplayLoop.drive {
            var dying: Model? = Model()
            Transaction(target: dying!, action: "render") { _ in probe.ran += 1 }.commit()
            dying = nil  // gone before the flush: the transaction is skipped
            let living = Model()
            probe.target = living
            Transaction(target: living, action: "render") { _ in probe.ran += 10 }.commit()
        }
        #expect(probe.ran == 0)  // `living` died at the end of the job too: nothing kept it alive
        #expect(probe.target == nil)

        let kept = DisplayLoop.drive { () -> Model in
            let model = Model()
            probe.target = model
            Transaction(target: model, action: "render") { _ in probe.ran += 100 }.commit()
            return model
        }.value
        #expect(probe.ran == 100)
        DisplayLoop.drive { withExtendedLifetime(kept) {} }
        #expect(DisplayLoop.drive { TransactionCenter.pendingCount }.value == 0)
    }

    @Test func aCommitDuringTheFlushRunsAtTheNextTurn() {
        final class Box: @unchecked Sendable {
            // @unchecked Sendable: only touched on DisplayActor inside drive, read after it.
            var log: [String] = []
        }
        let box = Box()
        let (model, turns) = DisplayLoop.drive { () -> Model in
            let model = Model()
            Transaction(target: model, action: "first") { model in
                box.log.append("first")
                Transaction(target: model, action: "second") { _ in box.log.append("second") }.commit()
            }.commit()
            return model
        }
        #expect(box.log == ["first", "second"])
        let flushing = turns.filter { $0.phasesRun.contains(.transactions) }
        #expect(flushing.count >= 2)
        DisplayLoop.drive { withExtendedLifetime(model) {} }
    }

    @Test func observersEnterTheActorWithAssumeIsolated() {
        final class Box: @unchecked Sendable {
            // @unchecked Sendable: written in the observer on the loop thread, read after the turn.
            var value = -1
        }
        let box = Box()
        let observer = DisplayLoop.main.addBeforeWaitingObserver(phase: .layout) { _ in
            box.value = DisplayActor.assumeIsolated { TransactionCenter.pendingCount }
        }
        defer { DisplayLoop.main.removeBeforeWaitingObserver(observer) }
        DisplayLoop.main.setNeedsBeforeWaiting()
        DisplayLoop.main.runUntilIdle()
        #expect(box.value == 0)
    }
}

@Suite struct IsolationTests {
    #if compiler(>=6.2) && os(Linux)
    @Test func assumeIsolatedOffTheLoopTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = DisplayActor.assumeIsolated { TransactionCenter.pendingCount }
        }
    }
    #endif
}
