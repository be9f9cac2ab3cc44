// The small object graphs the resolve cases build.

/// A cached service.
final class Service: Sendable {}

/// Shared leaf of the 3-object graph.
final class C {}

/// Middle of the 3-object graph.
final class B {
    let c: C
    init(c: C) { self.c = c }
}

/// Root of the 3-object graph: `A(b: B(c: c), c: c)` with one `C`.
final class A {
    let b: B
    let c: C
    init(b: B, c: C) {
        self.b = b
        self.c = c
    }
}

/// Bottom of the prototype chain of depth 5.
final class P5 {}

/// Link of the prototype chain.
final class P4 {
    let next: P5
    init(_ next: P5) { self.next = next }
}

/// Link of the prototype chain.
final class P3 {
    let next: P4
    init(_ next: P4) { self.next = next }
}

/// Link of the prototype chain.
final class P2 {
    let next: P3
    init(_ next: P3) { self.next = next }
}

/// Top of the prototype chain: `P1(P2(P3(P4(P5()))))`.
final class P1 {
    let next: P2
    init(_ next: P2) { self.next = next }
}

/// Made with two runtime arguments.
final class Router {
    let server: String
    let count: Int
    init(server: String, count: Int) {
        self.server = server
        self.count = count
    }
}

/// Made by a provider, a new one each time.
final class Leaf {}

/// Never registered: what the failed optional resolve asks for.
final class Missing {}

/// What every generated ``Node`` depends on.
final class Root {}

/// One of thousands of distinct registered types: `Node<Bit1<Bit0<…<End>>>>`.
final class Node<Tag> {
    let root: Root
    init(root: Root) { self.root = root }
}
