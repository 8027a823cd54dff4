import AsyncLayerKit
import AsyncLayerKitTesting
import Testing

/// A release queue of one's own, on the loop it was given (``DisplayLoop/main`` by default): it
/// drains itself at that loop's display phase, not through the shared queue.
@Suite(.mainDisplayLoop) struct ReleaseQueueLoopTests {
    @Test(.timeLimit(.minutes(5))) func aQueueOfItsOwnDrainsItselfOffTheLoop() async {
        let (freed, onFree) = AsyncStream<Bool>.makeStream()
        let (queue, sharedBefore) = DisplayLoop.drive { () -> (ReleaseQueue, Int) in
            let queue = ReleaseQueue(loop: .main)
            queue.release(ReleaseQueueTests.Sentinel(onFree))
            return (queue, ReleaseQueue.shared.releasedCount)
        }.value
        var frees = freed.makeAsyncIterator()
        #expect(await frees.next() == false)  // freed, off the loop; never freed: the time limit fails it
        let (own, shared, loop) = DisplayLoop.drive { (queue.releasedCount, ReleaseQueue.shared.releasedCount, queue.loop) }.value
        #expect(own == 1)
        #expect(shared == sharedBefore)
        #expect(loop === DisplayLoop.main)
    }
}
