import Testing

extension Tag {
    /// Drives the real binary (and tmux, Chromium, an installed prefix): `make check` leaves these out.
    @Tag static var endToEnd: Self
}
