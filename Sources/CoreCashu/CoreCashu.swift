// CoreCashu: the one module users import — the protocol and wallet engine, the HTTP mint connector and the SQLite
// store, each a target of its own (docs/architecture.md, "Targets").

@_exported import CashuEngine
@_exported import CashuHTTP
@_exported import CashuSQLite
