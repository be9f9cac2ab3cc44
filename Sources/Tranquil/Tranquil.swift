@_exported import DICore
@_exported import DILazy
@_exported import DIParts
@_exported import DILogging
