// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Tranquil",
    // The floor every public API is available at; CI type-checks the library for macOS 13 and
    // the iOS 16 simulator (Scripts/apple-typecheck). Nothing newer without a fallback.
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
        .visionOS(.v1),
        .macCatalyst(.v16),
    ],
    products: [
        .library(name: "Tranquil", targets: ["Tranquil"]),
        .library(name: "DICore", targets: ["DICore"]),
        .library(name: "DIParts", targets: ["DIParts"]),
        .library(name: "DILazy", targets: ["DILazy"]),
        .library(name: "DILogging", targets: ["DILogging"]),
        .library(name: "DITesting", targets: ["DITesting"]),
    ],
    dependencies: [],
    targets: [
        // The C half of DIRuntime: C11 atomics for its `AtomicWord` (`Synchronization.Atomic`
        // needs iOS 18 / macOS 15) and the stack's bounds on Linux. Part of this package, not a
        // dependency; no product.
        .target(name: "CDIRuntime"),
        // Runtime machinery shared by the modules (the lock, the gate and wait-for graph that
        // turn cross-thread cycles into errors, the one unsafe layer): no product.
        .target(name: "DIRuntime", dependencies: ["CDIRuntime"]),
        .target(name: "DILazy", dependencies: ["DIRuntime"]),
        .target(name: "DICore", dependencies: ["DILazy", "DIRuntime"]),
        .target(name: "DIParts", dependencies: ["DICore"]),
        .target(name: "DILogging", dependencies: ["DICore", "DIRuntime"]),
        .target(name: "DITesting", dependencies: ["DICore"]),
        .target(name: "Tranquil", dependencies: ["DILazy", "DICore", "DIParts", "DILogging"]),
        .target(
            name: "NewsReader",
            dependencies: ["Tranquil"],
            path: "Examples/ModularApp/NewsReader"
        ),
        .executableTarget(
            name: "QuickStart",
            dependencies: ["Tranquil"],
            path: "Examples/QuickStart"
        ),
        .executableTarget(
            name: "TopLevelAsync",
            dependencies: ["Tranquil"],
            path: "Examples/TopLevelAsync"
        ),
        .executableTarget(
            name: "ModularApp",
            dependencies: ["NewsReader", "Tranquil"],
            path: "Examples/ModularApp/Main"
        ),
        // The helpers every test target shares (threads, races with watchdogs); no product.
        .target(name: "TestSupport", dependencies: ["DICore"], path: "Tests/TestSupport"),
        .testTarget(name: "DILazyTests", dependencies: ["DILazy", "TestSupport"]),
        .testTarget(name: "DICoreTests", dependencies: ["DICore", "TestSupport"]),
        .testTarget(name: "DIPartsTests", dependencies: ["DIParts", "TestSupport"]),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["DICore", "DIParts", "DILazy", "DIRuntime", "TestSupport"]
        ),
        .testTarget(name: "DILoggingTests", dependencies: ["DILogging", "DICore", "DIRuntime", "TestSupport"]),
        .testTarget(name: "ReadmeTests"),
        .testTarget(name: "ModularAppTests", dependencies: ["NewsReader", "DITesting", "Tranquil"]),
        // A module as new Xcode app targets build them: every declaration is main-actor
        // unless it says otherwise. The whole registration API must compile and run there.
        .testTarget(
            name: "DefaultMainActorTests",
            dependencies: ["DICore", "DILazy"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where [.executable, .test, .regular].contains(target.type) {
    var settings = target.swiftSettings ?? []
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
    // Library code spells `any P`; tests and examples are written the way users write
    // registrations today (`.as(Animal.self)`), so they stay on the current language default.
    if target.type == .regular {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
