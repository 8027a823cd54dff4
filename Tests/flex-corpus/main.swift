// flex-corpus: the engine's side of the differential layout bench (scripts/layout-diff).
//
//   flex-corpus layout CASES.json     the engine's frames per case, as JSON ({id, frames, error})
//   flex-corpus compare CASES.json…   each case against its Chromium frames: a line per differing
//                                     case, then "matched P of N trees"
import FlexboxCorpus
import Foundation

struct Output: Encodable {
    var id: String
    var frames: [[Double]]?
    var error: String?
}

func load(_ path: String) throws -> [CorpusCase] {
    let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
    return try JSONDecoder().decode([CorpusCase].self, from: data)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, arguments.count >= 2 else {
    fail("usage: flex-corpus layout CASES.json | flex-corpus compare CASES.json…")
}
do {
    switch command {
    case "layout":
        let outputs = try load(arguments[1]).map { c -> Output in
            do {
                return Output(id: c.id, frames: try CorpusLayout.run(c).frames)
            } catch {
                return Output(id: c.id, error: "\(error)")
            }
        }
        let encoder = JSONEncoder()
        FileHandle.standardOutput.write(try encoder.encode(outputs))
        print()
    case "compare":
        var total = 0, matched = 0
        for path in arguments.dropFirst() {
            for c in try load(path) {
                total += 1
                do {
                    let outcome = try CorpusLayout.run(c)
                    if outcome.matches {
                        matched += 1
                    } else if let d = outcome.firstDifference {
                        print("\(c.id): \(outcome.differingNodes) nodes differ; first node \(d.node): engine \(d.engine), chromium \(d.chromium)")
                    }
                } catch {
                    print("\(c.id): \(error)")
                }
            }
        }
        print("matched \(matched) of \(total) trees")
    default:
        fail("unknown command \(command)")
    }
} catch {
    fail("\(error)")
}
