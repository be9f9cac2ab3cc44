import DICore
import Testing

// A left-out trailing `Optional` `arg`, and a `nil` passed for one, are the parameter's own
// `nil` — also where its wrapped type could hold an optional (`Any?`, `Int??`,
// `(any Sendable)?`), which a cast would have wrapped in a `.some`.

private final class ONSample: @unchecked Sendable {
    // @unchecked Sendable: immutable after init.
    let rate: Int
    let note: Any?
    let level: Int??
    let tag: (any Sendable)?
    init(rate: Int, note: Any?, level: Int??, tag: (any Sendable)?) {
        (self.rate, self.note, self.level, self.tag) = (rate, note, level, tag)
    }
}

@Suite struct OptionalArgumentNilTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { ONSample(rate: arg($0), note: arg($1), level: arg($2), tag: arg($3)) }
        return container
    }

    private func isNil(_ sample: ONSample) -> [Bool] {
        [sample.note == nil, sample.level == nil, sample.tag == nil]
    }

    @Test func leftOutTheyAreNil() throws {
        let sample: ONSample = try container().tryResolve(args: 1)
        #expect(isNil(sample) == [true, true, true])
    }

    @Test func leftOutThroughAProviderOrAnyArgumentsTheyAreNil() throws {
        let container = container()
        let provider: Provider1<ONSample, Int> = try container.tryResolve()
        #expect(isNil(provider.value(2)) == [true, true, true])
        let deep: ONSample = try container.tryResolve(arguments: AnyArguments(for: ONSample.self, args: 3))
        #expect(isNil(deep) == [true, true, true])
    }

    @Test func passedAsANilLiteralTheyAreNil() throws {
        let container = container()
        let spelled: ONSample = try container.tryResolve(args: 1, nil, nil, nil)
        #expect(isNil(spelled) == [true, true, true])
        let byType: ONSample = try container.tryResolve(
            arguments: AnyArguments(for: ONSample.self, args: 1, nil, nil, nil)
        )
        #expect(isNil(byType) == [true, true, true])
    }

    /// A `nil` of the wrapped type is a value of it, as Swift converts one: `Int?.none`
    /// passed for an `Int??` is `.some(nil)`.
    @Test func aNilOfTheWrappedTypeIsAValue() throws {
        let none: Int? = nil
        let sample: ONSample = try container().tryResolve(args: 1, "note", none)
        #expect(sample.note as? String == "note")
        #expect(sample.level.map { $0 == nil } == true)
    }
}
