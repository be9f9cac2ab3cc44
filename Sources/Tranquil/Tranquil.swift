@_exported import DICore
@_exported import DILazy
@_exported import DILogging
@_exported import DIParts
