/// An error that knows its exit status, decided where it is made (the code
/// that knows whether a path was missing or a file could not be written), so
/// the command line maps any error by this alone instead of by its text.
public protocol ExitCoded: Error, CustomStringConvertible {
    var exitStatus: ExitStatus { get }
}
