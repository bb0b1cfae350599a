import NavGraphCore
import NavGraphTestSupport
import Testing

@Suite("Moments and the cut-off at one", .tags(.memory))
struct MomentTests {
    private func event(_ line: Int, time: Double?) -> NavEvent { NavEvent(.mark("m\(line)"), line: line, time: time) }

    /// The steps admitted for `moment` from events at `times`, reading until the first refusal.
    private func admitted(_ moment: Moment?, times: [Double?]) -> (steps: Int, cutOff: MomentCutOff) {
        var cutOff = MomentCutOff(moment)
        var steps = 0
        for (index, time) in times.enumerated() {
            guard cutOff.admits(event(index + 1, time: time), afterStep: steps) else { break }
            steps += 1
        }
        return (steps, cutOff)
    }

    @Test func parsesTimes() {
        #expect(Moment(time: "+12.5s") == .offset(12.5))
        #expect(Moment(time: "+3") == .offset(3))
        #expect(Moment(time: "1741945267") == .time(1_741_945_267))
        #expect(Moment(time: "2025-03-14T09:41:07Z") == .time(1_741_945_267))
        #expect(Moment(time: "+-1") == nil)
        #expect(Moment(time: "+inf") == nil)
        #expect(Moment(time: "yesterday") == nil)
    }

    @Test func stepStopsAfterIt() {
        let times: [Double?] = [nil, nil, nil, nil]
        #expect(admitted(.step(2), times: times).steps == 2)
        #expect(admitted(.step(0), times: times).steps == 0)
        #expect(admitted(nil, times: times).steps == 4)
        let beyond = admitted(.step(9), times: times)
        #expect(beyond.cutOff.unreached(steps: beyond.steps) == .stepBeyondEnd(step: 9, steps: 4))
        let reached = admitted(.step(4), times: times)
        #expect(reached.cutOff.unreached(steps: reached.steps) == nil)
    }

    @Test func timeAndOffset() {
        let times: [Double?] = [100, nil, 105, 110, 111]
        #expect(admitted(.time(105), times: times).steps == 3)
        #expect(admitted(.time(99), times: times).steps == 0)
        // An event without a time belongs to the moment of the one before it.
        #expect(admitted(.offset(0), times: times).steps == 2)
        #expect(admitted(.offset(10), times: times).steps == 4)
        let reached = admitted(.offset(10), times: times)
        #expect(reached.cutOff.unreached(steps: reached.steps) == nil)
    }

    @Test func timeWithoutTimesIsUnreached() {
        let result = admitted(.offset(1), times: [nil, nil])
        #expect(result.steps == 2)
        #expect(result.cutOff.unreached(steps: 2) == .noTimes)
    }
}
