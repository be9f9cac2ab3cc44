// expect: mutation of captured var 'counter' in concurrently-executing code
// A factory runs on whichever thread resolves: a captured `var` would be a data race.
import Tranquil

func configure(_ container: DIContainer) {
    var counter = 0
    container.register { () -> Int in
        counter += 1
        return counter
    }
}
