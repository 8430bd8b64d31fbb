// Every file of this target sees the shared test support (paths, child processes, fixtures).
@_exported import RefreshTestSupport
