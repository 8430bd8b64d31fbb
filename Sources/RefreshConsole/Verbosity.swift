/// What the user asked to hear on stderr.
public enum Verbosity: Sendable, Comparable {
    case quiet, normal, verbose
}
