import BenchSupport
import ArgumentParser
import Canvas
import Foundation
import ReferenceCard

struct Blur: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bitmap.blurred on the reference cover, as a ratio to decoding the same image.",
        discussion: """
            Interleaved rounds in one process: decoding the reference cover JPEG, and blurring the \
            decoded cover (taken as a 375×211 pt image at scale 2, so σ in pixels is twice the radius). \
            The ratio is the figure that matters on a shared machine.
            """
    )

    @Option(help: "Blur radius in points (σ, as CSS filter: blur()).") var radius = 8.0
    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Operations per round and kind.") var iterations = 20

    func run() throws {
        let jpeg = try ReferenceCardAssets.bundledFiles().cover
        let cover = try ImageDecoder.decode(jpeg).withScale(2)
        let clock = ContinuousClock()
        var decodes: [Double] = [], blurs: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            decodes.append(try clock.measure {
                for _ in 0..<iterations { sink &+= try ImageDecoder.decode(jpeg).width }
            }.seconds / Double(iterations))
            blurs.append(try clock.measure {
                for _ in 0..<iterations { sink &+= try cover.blurred(radius: radius).width }
            }.seconds / Double(iterations))
        }
        let d = decodes.median, b = blurs.median
        print("cover \(cover.width)×\(cover.height) px, radius \(radius) pt at scale 2 (σ \(radius * 2) px), median of \(rounds) rounds")
        print(String(format: "decode %.2f ms, blur %.2f ms, blur / decode %.2f×", d * 1000, b * 1000, b / d))
        if sink == 42 { print("") }
    }
}
