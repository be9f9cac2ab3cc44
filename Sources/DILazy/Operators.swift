/// Reads a delayed value: `*lazy`, `*provider`, and in DICore `*container` (resolve).
prefix operator *
