import DICore
import Testing

/// Containers remember answers and choices by the requested type. These tests resolve more
/// types than any fixed-size table of such answers would hold, so types that land on the
/// same place must keep apart.
@Suite struct ManyTypesTests {
    /// A class per number: `Numbered<Bit1<Bit0<…<End>>>>` spells its number in binary.
    fileprivate final class Numbered<Tag>: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }

    fileprivate enum Bit0<Rest> {}
    fileprivate enum Bit1<Rest> {}
    fileprivate enum End {}

    /// Registers and resolves one numbered type: what a test does with each.
    fileprivate struct Numbers {
        var register: [(DIContainer) -> Void] = []
        var resolve: [(DIContainer) -> (number: Int, object: AnyObject)] = []
        var failure: [(DIContainer) -> DIError.Kind?] = []

        mutating func add<Tag>(_ tag: Tag.Type, number: Int) {
            register.append { container in
                container.register { Numbered<Tag>(number: number) }.lifetime(.perContainer(.single))
            }
            resolve.append { container in
                let object: Numbered<Tag> = container.resolve()
                return (object.number, object)
            }
            failure.append { container in Self.failure(resolving: Numbered<Tag>.self, from: container) }
        }

        /// The kind of error resolving `type` fails with, if it fails.
        static func failure<T>(resolving type: T.Type, from container: DIContainer) -> DIError.Kind? {
            do {
                let _: T = try container.tryResolve()
                return nil
            } catch {
                return error.kind
            }
        }

        /// Types `0..<count`, each spelled with `digits` binary digits.
        static func make(_ count: Int, digits: Int = 10) -> Numbers {
            var numbers = Numbers()
            for number in 0..<count { walk(number, number, digits, End.self, &numbers) }
            return numbers
        }

        private static func walk<Tag>(
            _ number: Int,
            _ rest: Int,
            _ digits: Int,
            _ tag: Tag.Type,
            _ numbers: inout Numbers
        ) {
            if digits == 0 {
                numbers.add(Tag.self, number: number)
            } else if rest & 1 == 0 {
                walk(number, rest >> 1, digits - 1, Bit0<Tag>.self, &numbers)
            } else {
                walk(number, rest >> 1, digits - 1, Bit1<Tag>.self, &numbers)
            }
        }
    }

    @Test func eachOfManyTypesKeepsItsOwnInstanceOverRepeatedRounds() {
        let numbers = Numbers.make(600)
        let container = DIContainer()
        for register in numbers.register { register(container) }
        var first: [ObjectIdentifier] = []
        for resolve in numbers.resolve {
            first.append(ObjectIdentifier(resolve(container).object))
        }
        // Round after round, forwards and backwards: every answer is the type's own.
        for round in 0..<3 {
            let order = round.isMultiple(of: 2) ? Array(numbers.resolve.indices) : numbers.resolve.indices.reversed()
            for index in order {
                let (number, object) = numbers.resolve[index](container)
                #expect(number == index)
                #expect(ObjectIdentifier(object) == first[index])
            }
        }
    }

    @Test func manyTypesGetNewInstancesAfterCleanAndSeeLaterRegistrations() {
        let numbers = Numbers.make(300)
        let container = DIContainer()
        for register in numbers.register { register(container) }
        // Kept alive, so that no new instance can take an old one's address.
        let before = numbers.resolve.map { $0(container).object }
        container.clean()
        for (index, resolve) in numbers.resolve.enumerated() {
            let (number, object) = resolve(container)
            #expect(number == index)
            #expect(ObjectIdentifier(object) != ObjectIdentifier(before[index]))
        }
        // A second registration of each type makes every request ambiguous: no answer
        // remembered before may stand.
        for register in numbers.register { register(container) }
        for failure in numbers.failure {
            #expect(failure(container) == .ambiguous)
        }
    }
}
