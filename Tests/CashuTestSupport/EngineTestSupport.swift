// Test support: the engine's scripted mint and wallet (CashuEngineTestSupport), for every test target that imports
// this module.

@_exported import CashuEngineTestSupport
