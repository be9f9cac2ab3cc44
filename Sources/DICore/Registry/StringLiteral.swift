/// `text` as a Swift string literal on one line, for names users give (`custom(name:)`, a
/// `DIScope`'s, a registration's `name:`) in messages, traces and graphs: as
/// `String(reflecting:)` writes it, with the line breaks that leaves as they are (U+0085,
/// U+2028, U+2029) escaped too.
func stringLiteral(_ text: String) -> String {
    var literal = ""
    for scalar in String(reflecting: text).unicodeScalars {
        if breaksLines(scalar) {
            literal += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            literal.unicodeScalars.append(scalar)
        }
    }
    return literal
}

/// Whether `scalar` ends a line for some reader: a control character (`\n`, `\r`, U+0085),
/// or a line or paragraph separator.
func breaksLines(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
}
