import Foundation

/// Stops the thread whose factory calls ``pass()``, once armed, until ``released`` is
/// signalled: how a test keeps an instance "being made" while other resolves ask for it.
///
/// ```swift
/// let hold = FactoryHold()
/// container.register { Clock(hold) }.lifetime(.perContainer(.weak))   // Clock.init calls hold.pass()
/// hold.armed.value = true
/// Thread { _ = container.resolve(sync: ()) as Clock }.start()
/// await eventually { hold.entered.value == 1 }   // the thread is inside Clock.init
/// hold.released.signal()
/// ```
package final class FactoryHold: Sendable {
    /// How many factories have stopped here.
    package let entered = Counter()
    package let released = DispatchSemaphore(value: 0)
    package let armed = LockedValue(false)

    package init() {}

    /// Called by the factory: stops until released, when armed.
    package func pass() {
        guard armed.value else { return }
        entered.increment()
        released.wait()
    }
}
