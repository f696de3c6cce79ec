// Soak (issue 17): whether and how a command is SIGKILLed — after a random time, or by its own hook at a step.

import Foundation

/// How the soak kills one command, if it does.
enum SoakKill: Sendable, CustomStringConvertible {
    case none
    /// SIGKILL from the soak after this long, if the command still runs.
    case after(Duration)
    /// `CASHU_TEST_KILL_AT=STEP`: the command SIGKILLs itself when any operation (its own, or one it resumes at
    /// start-up) reaches this step (`planned`, `journaled`, `answered`, `settled`).
    case atStep(String)

    static let steps = ["planned", "journaled", "answered", "settled"]

    /// No kill 65% of the time, a timer 20% (20 ms to 2.5 s), a step 15%.
    static func random(using random: inout SoakRandom) -> SoakKill {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.65 { return .none }
        if roll < 0.85 { return .after(.milliseconds(Int.random(in: 20...2500, using: &random))) }
        return .atStep(steps.randomElement(using: &random)!)
    }

    var environment: [String: String] {
        if case .atStep(let step) = self { return ["CASHU_TEST_KILL_AT": step] }
        return [:]
    }

    var delay: Duration? {
        if case .after(let delay) = self { return delay }
        return nil
    }

    var description: String {
        switch self {
        case .none: ""
        case .after(let delay): " [kill after \(delay.milliseconds) ms]"
        case .atStep(let step): " [kill at \(step)]"
        }
    }
}
