// swift-tools-version: 6.2
import PackageDescription

// Benchmarks: Tranquil against hand-written wiring and Swinject, in one process.
//
//   swift run -c release --package-path Benchmarks TranquilBenchmarks [--quick] [--json FILE]
//
// A package of its own so the library's users never resolve Swinject.
let package = Package(
    name: "TranquilBenchmarks",
    // Tranquil's floor: a dependent package cannot declare a lower one.
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // Named, so the products resolve whatever the checkout directory is called.
        .package(name: "Tranquil", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", from: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "TranquilBenchmarks",
            dependencies: [
                .product(name: "DICore", package: "Tranquil"),
                .product(name: "DILazy", package: "Tranquil"),
                .product(name: "DILogging", package: "Tranquil"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("MemberImportVisibility")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
