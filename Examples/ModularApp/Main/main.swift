import NewsReader
import Tranquil

// swift run ModularApp [--trace] [--graph FILE] [--mermaid FILE]
let options = AppOptions.ofThisProcess()
let container = NewsReaderApp.makeContainer()
let recorder = DITraceRecorder()
if options.trace { container.addObserver(recorder) }

let graph = container.makeGraph()
let problems = graph.validate()
let errors = problems.filter { $0.severity == .error }
print(
    "graph      \(graph.vertices.count) components, \(graph.edges.count) dependencies: "
        + (errors.isEmpty ? "valid" : "\(errors.count) errors")
        + (problems.count > errors.count ? ", \(problems.count - errors.count) warnings" : "")
)
for problem in problems { print("           \(problem)") }
guard errors.isEmpty else { fatalError("the app's wiring is broken; see above") }

ScriptedSession(container: container).run()

if let file = options.graphFile { write(graph.dot(), to: file, what: "Graphviz graph") }
if let file = options.mermaidFile { write(graph.mermaid(), to: file, what: "Mermaid graph") }
if options.trace {
    print("\nResolution traces (\(recorder.traces.count)):")
    print(recorder.render())
}
