// DICore hands out Lazy/Provider types, so users of DICore get DILazy with it.
@_exported import DILazy
