import Testing

@testable import DisplayLoop

@Suite struct BeforeWaitingPhaseTests {
    @Test func phasesRunInTheIOSOrder() {
        #expect(BeforeWaitingPhase.allCases.sorted() == [.layout, .display, .transactions, .asyncTransactionCompletions])
        #expect(BeforeWaitingPhase.display.rawValue == 2_000_000)      // Core Animation's commit
        #expect(BeforeWaitingPhase.transactions.rawValue == 0xFFFFFF)  // YYTransaction
        #expect(BeforeWaitingPhase.asyncTransactionCompletions.rawValue == Int(Int32.max))  // Texture
    }
}
