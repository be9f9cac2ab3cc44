import DILogging

// Compile-only: the public DILogging types cross threads.
private func requireSendable<T: Sendable>(_: T.Type) {}

private func loggingTypesAreSendable() {
    requireSendable(DILogLevel.self)
    requireSendable(DITrace.self)
    requireSendable(DITraceNode.self)
    requireSendable(DITraceRecorder.self)
    requireSendable(DIConsoleLogger.self)
}
