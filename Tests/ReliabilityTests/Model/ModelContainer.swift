import DICore
import DIParts
import TestSupport

// The container side of the model test: turns a scenario into real registrations (through
// the pool's frameworks and parts) and asks the container what the model is asked.

/// What every made instance can be seen as.
protocol ModelFace: AnyObject { var impl: Impl { get } }
protocol P0: ModelFace {}
protocol P1: ModelFace {}
protocol P2: ModelFace {}
enum T0 {}
enum T1 {}

/// The one implementation type: records which registration made it and what it received.
final class Impl: P0, P1, P2 {
    enum Got {
        case one(Impl)
        case optional(Impl?)
        case many([Impl])
    }

    let spec: Int
    let got: [Got]
    /// The top-level request during which it was made.
    let epoch: Int
    var impl: Impl { self }

    init(_ spec: Int, _ got: [Got], _ epoch: Epoch) {
        self.spec = spec
        self.got = got
        self.epoch = epoch.value
    }

    /// The instance as the model describes it.
    var node: Node {
        Node(
            spec: spec,
            children: got.map { got in
                switch got {
                case .one(let impl): .one(impl.node)
                case .optional(let impl): .optional(impl?.node)
                case .many(let impls): .many(impls.map(\.node))
                }
            }
        )
    }

    /// The instances it received directly.
    var received: [Impl] {
        got.flatMap { got -> [Impl] in
            switch got {
            case .one(let impl): [impl]
            case .optional(let impl): impl.map { [$0] } ?? []
            case .many(let impls): impls
            }
        }
    }
}

/// Which top-level request a model container is answering (instances record it).
final class Epoch: Sendable {
    private let counter = Counter()
    var value: Int { counter.value }
    func advance() { counter.increment() }
}

/// A factory parameter of static type `Value`, and how to read what it received.
struct ParamType<Value>: Sendable {
    let got: @Sendable (Value) -> Impl.Got
}

/// Something done with a parameter's static type (Swift has no generic closures).
protocol ParamVisitor {
    associatedtype Result
    func visit<Value>(_ param: ParamType<Value>) -> Result
}

extension Param {
    func accept<Visitor: ParamVisitor>(_ visitor: Visitor) -> Visitor.Result {
        switch self {
        case .required(0): visitor.visit(ParamType<any P0> { .one($0.impl) })
        case .required(1): visitor.visit(ParamType<any P1> { .one($0.impl) })
        case .required(_): visitor.visit(ParamType<any P2> { .one($0.impl) })
        case .optional(0): visitor.visit(ParamType<(any P0)?> { .optional($0?.impl) })
        case .optional(1): visitor.visit(ParamType<(any P1)?> { .optional($0?.impl) })
        case .optional(_): visitor.visit(ParamType<(any P2)?> { .optional($0?.impl) })
        case .many(0): visitor.visit(ParamType<DIMany<any P0>> { .many(DICore.many($0).map(\.impl)) })
        case .many(1): visitor.visit(ParamType<DIMany<any P1>> { .many(DICore.many($0).map(\.impl)) })
        case .many(_): visitor.visit(ParamType<DIMany<any P2>> { .many(DICore.many($0).map(\.impl)) })
        case .tagged(0): visitor.visit(ParamType<DIByTag<T0, any P0>> { .one(by(tag: T0.self, on: $0).impl) })
        case .tagged(1): visitor.visit(ParamType<DIByTag<T0, any P1>> { .one(by(tag: T0.self, on: $0).impl) })
        case .tagged(_): visitor.visit(ParamType<DIByTag<T0, any P2>> { .one(by(tag: T0.self, on: $0).impl) })
        case .taggedMany(0):
            visitor.visit(
                ParamType<DIByTag<T0, DIMany<any P0>>> { .many(DICore.many(by(tag: T0.self, on: $0)).map(\.impl)) }
            )
        case .taggedMany(1):
            visitor.visit(
                ParamType<DIByTag<T0, DIMany<any P1>>> { .many(DICore.many(by(tag: T0.self, on: $0)).map(\.impl)) }
            )
        case .taggedMany(_):
            visitor.visit(
                ParamType<DIByTag<T0, DIMany<any P2>>> { .many(DICore.many(by(tag: T0.self, on: $0)).map(\.impl)) }
            )
        }
    }
}

/// Registers a spec whose factory has one parameter.
private struct RegisterOne: ParamVisitor {
    let container: DIContainer
    let line: UInt
    let spec: Int
    let epoch: Epoch

    func visit<Value>(_ param: ParamType<Value>) -> DIComponentBuilder<Impl> {
        let (spec, epoch) = (spec, epoch)
        return container.register(file: "Model", line: line) { (value: Value) in Impl(spec, [param.got(value)], epoch) }
    }
}

/// Registers a spec whose factory has two parameters, the first already typed.
private struct RegisterTwo<First>: ParamVisitor {
    let first: ParamType<First>
    let container: DIContainer
    let line: UInt
    let spec: Int
    let epoch: Epoch

    func visit<Value>(_ second: ParamType<Value>) -> DIComponentBuilder<Impl> {
        let (first, spec, epoch) = (first, spec, epoch)
        return container.register(file: "Model", line: line) { (a: First, b: Value) in
            Impl(spec, [first.got(a), second.got(b)], epoch)
        }
    }
}

/// Types the first of two parameters, then the second.
private struct StartTwo: ParamVisitor {
    let second: Param
    let container: DIContainer
    let line: UInt
    let spec: Int
    let epoch: Epoch

    func visit<Value>(_ first: ParamType<Value>) -> DIComponentBuilder<Impl> {
        second.accept(RegisterTwo(first: first, container: container, line: line, spec: spec, epoch: epoch))
    }
}

/// A scenario loaded into real containers.
struct ModelContainer {
    let container: DIContainer
    private let parent: DIContainer?
    /// Advanced before each request.
    let epoch = Epoch()

    init(_ scenario: Scenario) {
        let epoch = epoch
        let parent = scenario.hasParent ? DIContainer() : nil
        container = DIContainer(parent: parent)
        self.parent = parent
        for (index, framework) in Pool.frameworks.enumerated() {
            let script = scenario.frameworkScripts[index]
            LoadScripts.set(framework, in: container) { Self.run(script, scenario, epoch, into: $0, parent: nil) }
        }
        for (index, part) in Pool.parts.enumerated() {
            let script = scenario.partScripts[index]
            LoadScripts.set(part, in: container) { Self.run(script, scenario, epoch, into: $0, parent: nil) }
        }
        Self.run(scenario.top, scenario, epoch, into: container, parent: parent)
        LoadScripts.forget(container)
    }

    /// Runs a script; top-level registrations marked for the parent go there.
    private static func run(
        _ actions: [Action],
        _ scenario: Scenario,
        _ epoch: Epoch,
        into container: DIContainer,
        parent: DIContainer?
    ) {
        for action in actions {
            switch action {
            case .register(let index):
                let target = parent.flatMap { scenario.inParent.contains(index) ? $0 : nil } ?? container
                register(scenario.specs[index], epoch, into: target)
            case .appendFramework(let framework): container.append(framework: Pool.frameworks[framework])
            case .appendPart(let part): container.append(part: Pool.parts[part])
            case .importFramework(let framework): container.import(Pool.frameworks[framework])
            }
        }
    }

    private static func register(_ spec: RegSpec, _ epoch: Epoch, into container: DIContainer) {
        let line = uniqueLine()
        let index = spec.index
        var builder: DIComponentBuilder<Impl>
        switch spec.params.count {
        case 0: builder = container.register(file: "Model", line: line) { Impl(index, [], epoch) }
        case 1:
            builder = spec.params[0].accept(RegisterOne(container: container, line: line, spec: index, epoch: epoch))
        default:
            builder = spec.params[0].accept(
                StartTwo(second: spec.params[1], container: container, line: line, spec: index, epoch: epoch)
            )
        }
        for alias in spec.aliases {
            switch alias.face {
            case .proto(0): builder = Self.alias(builder, (any P0).self, alias.qualifier)
            case .proto(1): builder = Self.alias(builder, (any P1).self, alias.qualifier)
            default: builder = Self.alias(builder, (any P2).self, alias.qualifier)
            }
        }
        builder.lifetime(lifetime(spec.life))
        if spec.isDefault { builder.default() }
        if spec.isTest { builder.test() }
    }

    private static func alias<Face>(
        _ builder: DIComponentBuilder<Impl>,
        _ face: Face.Type,
        _ qualifier: Qualifier
    ) -> DIComponentBuilder<Impl> {
        switch qualifier {
        case .none: builder.as(face)
        case .name(let name): builder.as(face, name: name)
        case .tag(0): builder.as(face, tag: T0.self)
        case .tag(_): builder.as(face, tag: T1.self)
        }
    }

    private static func lifetime(_ life: Life) -> DILifeTime {
        switch life {
        case .prototype: .prototype
        case .objectGraph: .objectGraph
        case .perContainerSingle: .perContainer(.single)
        case .perContainerWeak: .perContainer(.weak)
        case .perFramework: .perFramework(.single)
        case .perPart: .perPart(.weak)
        case .perApplicationSingle: .perApplication(.single)
        case .perApplicationWeak: .perApplication(.weak)
        case .single: .single
        case .custom: .custom(name: "model")
        }
    }

    // MARK: Asking

    /// What the container answers, and the instances it handed out (to check identities).
    enum Outcome {
        case failed(DIError.Kind)
        case nothing
        case value(Impl)
        case many([Impl])

        var answer: Answer {
            switch self {
            case .failed(let kind): .failed(kind)
            case .nothing: .nothing
            case .value(let impl): .value(impl.node)
            case .many(let impls): .many(impls.map(\.node))
            }
        }
    }

    func ask(_ ask: Ask) -> Outcome {
        epoch.advance()
        return switch ask.face {
        case .impl: self.ask(Impl.self, ask)
        case .proto(0): self.ask((any P0).self, ask)
        case .proto(1): self.ask((any P1).self, ask)
        default: self.ask((any P2).self, ask)
        }
    }

    private func ask<Value>(_ type: Value.Type, _ ask: Ask) -> Outcome {
        do throws(DIError) {
            if ask.many {
                let all: [Value] = try container.tryResolveMany()
                return .many(all.map(Self.impl))
            }
            if ask.optional {
                let value = try resolve(Value?.self, ask)
                return value.map { .value(Self.impl($0)) } ?? .nothing
            }
            return .value(Self.impl(try resolve(Value.self, ask)))
        } catch {
            return .failed(error.kind)
        }
    }

    private func resolve<Value>(_ type: Value.Type, _ ask: Ask) throws(DIError) -> Value {
        if let from = ask.from { return try container.tryResolve(from: Pool.frameworks[from]) }
        switch ask.qualifier {
        case .none: return try container.tryResolve()
        case .name(let name): return try container.tryResolve(name: name)
        case .tag(0): return try container.tryResolve(tag: T0.self)
        case .tag(_): return try container.tryResolve(tag: T1.self)
        }
    }

    private static func impl(_ value: Any) -> Impl {
        guard let face = value as? any ModelFace else {
            preconditionFailure("\(type(of: value)) is not a model instance")
        }
        return face.impl
    }
}
