import Foundation

/// How a cost grows: the time `work(2n)` takes over the time `work(n)` takes, the smallest of a few trials (the
/// machine's other work only ever makes a ratio bigger). A linear cost gives about 2, `n log n` a little more, a
/// quadratic one about 4: a test asks for less than 3, at a size where the work dwarfs its fixed costs. Not a speed
/// test — no duration is compared with a limit — but a test of the shape of the cost, which no other load changes.
public func growthRatio(size: Int, trials: Int = 4, _ work: (Int) -> Void) -> Double {
    let clock = ContinuousClock()
    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    var best = Double.infinity
    for _ in 0..<trials {
        let small = seconds(clock.measure { work(size) })
        let large = seconds(clock.measure { work(size * 2) })
        best = min(best, large / max(small, 1e-9))
        if best < 2.5 { break }
    }
    return best
}
