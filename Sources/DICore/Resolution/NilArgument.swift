import DILazy

/// The type an error names for a `nil` argument.
enum NilArgument {}
