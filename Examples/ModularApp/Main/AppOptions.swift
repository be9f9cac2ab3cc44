/// The command line of the example app.
struct AppOptions {
    var trace = false
    var graphFile: String?
    var mermaidFile: String?

    init<S: Sequence<String>>(_ arguments: S) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--trace": trace = true
            case "--graph": graphFile = iterator.next()
            case "--mermaid": mermaidFile = iterator.next()
            default:
                print("usage: ModularApp [--trace] [--graph FILE] [--mermaid FILE]")
            }
        }
    }
}
