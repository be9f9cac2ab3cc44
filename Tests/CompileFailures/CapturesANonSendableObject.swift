// expect: capture of 'log' with non-Sendable type 'Log' in a '@Sendable' closure
// Handing one non-Sendable object to factories on many threads is a data race.
import Tranquil

final class Log {
    var lines: [String] = []
}

func configure(_ container: DIContainer) {
    let log = Log()
    container.register { () -> Int in
        log.lines.append("made an Int")
        return 1
    }
}
