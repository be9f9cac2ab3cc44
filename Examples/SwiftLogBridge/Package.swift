// swift-tools-version: 6.2
import PackageDescription

// An example of logging the container's events with apple/swift-log, the way server-side
// Swift does. It is its own package so the library itself stays dependency-free.
let package = Package(
    name: "SwiftLogBridge",
    // Tranquil's floor: a dependent package cannot declare a lower one.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "SwiftLogBridge", targets: ["SwiftLogBridge"])
    ],
    dependencies: [
        // `name:` so the product reference does not depend on the checkout directory name.
        .package(name: "Tranquil", path: "../.."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "SwiftLogBridge",
            dependencies: [
                .product(name: "Tranquil", package: "Tranquil"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "SwiftLogBridgeDemo", dependencies: ["SwiftLogBridge"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
