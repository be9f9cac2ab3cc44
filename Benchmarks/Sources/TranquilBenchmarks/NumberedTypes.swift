import DICore
import Swinject

/// Thousands of distinct types without thousands of declarations.
///
/// Number `n` is the type `Node<Bit…<Bit…<End>>>` spelling `n` in binary, so every number
/// has its own runtime metadata and `ObjectIdentifier` — what a large app's registrations
/// look like to a container's index. The registrations are built once as closures, so the
/// timed loop pays for registering, not for instantiating generic metadata.
enum NumberedTypes {
    /// Binary digit 0 of a type number.
    enum Bit0<Rest> {}
    /// Binary digit 1 of a type number.
    enum Bit1<Rest> {}
    /// The end of a type number.
    enum End {}

    /// Enough digits for 16,384 types.
    static let digits = 14

    /// Registers `Node<number>` (depending on `Root`) in a container.
    typealias Registration<Target> = (Target) -> Void

    /// `count` Tranquil registrations of distinct nodes (`perContainer` unless `lifetime`).
    static func tranquil(_ count: Int, lifetime: DILifeTime = .perContainer(.single)) -> [Registration<DIContainer>] {
        var visitor = TranquilVisitor(lifetime: lifetime)
        for number in 0..<count { visit(number, &visitor) }
        return visitor.registrations
    }

    /// `count` first resolves, one per node type of ``tranquil(_:lifetime:)``.
    static func tranquilResolves(_ count: Int) -> [Registration<DIContainer>] {
        var visitor = TranquilVisitor(lifetime: .prototype)
        for number in 0..<count { visit(number, &visitor) }
        return visitor.resolves
    }

    /// `count` Swinject registrations of distinct `.container` nodes.
    static func swinject(_ count: Int) -> [Registration<Container>] {
        var visitor = SwinjectVisitor()
        for number in 0..<count { visit(number, &visitor) }
        return visitor.registrations
    }

    private static func visit<V: Visitor>(_ number: Int, _ visitor: inout V) {
        walk(number, digits, End.self, &visitor)
    }

    private static func walk<Tag, V: Visitor>(_ number: Int, _ remaining: Int, _ tag: Tag.Type, _ visitor: inout V) {
        if remaining == 0 {
            visitor.visit(Tag.self)
        } else if number & 1 == 0 {
            walk(number >> 1, remaining - 1, Bit0<Tag>.self, &visitor)
        } else {
            walk(number >> 1, remaining - 1, Bit1<Tag>.self, &visitor)
        }
    }

    private protocol Visitor {
        mutating func visit<Tag>(_ tag: Tag.Type)
    }

    private struct TranquilVisitor: Visitor {
        let lifetime: DILifeTime
        var registrations: [Registration<DIContainer>] = []
        var resolves: [Registration<DIContainer>] = []
        mutating func visit<Tag>(_ tag: Tag.Type) {
            let lifetime = lifetime
            registrations.append { container in
                container.register { (root: Root) in Node<Tag>(root: root) }.lifetime(lifetime)
            }
            resolves.append { container in BlackHole.consume(container.resolve() as Node<Tag>) }
        }
    }

    private struct SwinjectVisitor: Visitor {
        var registrations: [Registration<Container>] = []
        mutating func visit<Tag>(_ tag: Tag.Type) {
            registrations.append { container in
                container.register(Node<Tag>.self) { r in Node<Tag>(root: r.resolve(Root.self)!) }
                    .inObjectScope(.container)
            }
        }
    }
}
