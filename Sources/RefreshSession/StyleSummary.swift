import RefreshHostController

/// The style a session runs, as its consumers show and measure it: what it
/// declared, and what the host decided for this instance.
public struct StyleSummary: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    /// The plugin file it was loaded from.
    public var file: String
    /// What the pull ratio is measured against.
    public var triggerDistance: Double
    /// The header's resting height while refreshing.
    public var height: Double
    public var environment: HostEnvironment

    /// The scroll physics the session runs (a pull's travel and the distance shown).
    public var profile: PhysicsProfile {
        PhysicsProfile(environment.physics, viewport: environment.viewportHeight, maxPull: environment.maxPull)
    }

    /// "com.acme.wave (/path/libWave.so)": how a failure names the style.
    public var subject: String { "\(id) (\(file))" }
}
