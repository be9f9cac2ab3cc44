import DICore
import Testing

// Compile-only: each line fails to build if the public type stops being `Sendable`.
private func requireSendable<T: Sendable>(_: T.Type) {}

private enum SendableProofs {
    static func all() {
        requireSendable(DIContainer.self)
        requireSendable(DIError.self)
        requireSendable(DIError.Kind.self)
        requireSendable(DIEvent.self)
        requireSendable(DIEvent.Kind.self)
        requireSendable(DIEvent.Outcome.self)
        requireSendable(DIDiagnostic.self)
        requireSendable(DIComponentInfo.self)
        requireSendable(DILifeTime.self)
        requireSendable(DIReferenceKind.self)
        requireSendable(DIComponentBuilder<Cat>.self)
        requireSendable((any DIObserver).self)
        requireSendable(DIMany<Int>.self)
        requireSendable(DIArg<String>.self)
        requireSendable(DIByTag<HouseTag, Int>.self)
        requireSendable(DIGraph.self)
        requireSendable(DIGraph.Vertex.self)
        requireSendable(DIGraph.Edge.self)
        requireSendable(DICycle.self)
        requireSendable(Lazy<Int>.self)
        requireSendable(Provider<Int>.self)
        requireSendable(Provider2<Int, String, Int>.self)
        requireSendable(Lazy1<Int, String>.self)
        requireSendable(AsyncLazy<Int>.self)
        requireSendable(AsyncProvider<Int>.self)
        requireSendable(AsyncProvider1<Int, String>.self)
    }
}

@Suite struct SendableTests {
    @Test func aContainerAndItsErrorsCrossIntoTasks() async {
        let container = DIContainer()
        container.register { Dog(name: "Rex") }.lifetime(.perContainer(.single))
        let name = await Task.detached {
            let dog: Dog = container.resolve()
            return dog.name
        }.value
        let error = await Task.detached { () -> DIError? in
            do throws(DIError) {
                let _: Owner = try container.tryResolve()
                return nil
            } catch {
                return error
            }
        }.value
        #expect(name == "Rex")
        #expect(error?.kind == .notRegistered)
    }
}
