/// An array type, as a requested type: its element type.
protocol ArrayRequest {
    static var elementType: Any.Type { get }
}

extension Array: ArrayRequest {
    static var elementType: Any.Type { Element.self }
}
