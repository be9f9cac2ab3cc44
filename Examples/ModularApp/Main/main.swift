import NewsReader
import Tranquil

// swift run ModularApp [--trace] [--graph FILE] [--mermaid FILE]
let options = AppOptions(CommandLine.arguments.dropFirst())
let container = NewsReaderApp.makeContainer()
let session = ScriptedSession(container: container, options: options)
session.run()
