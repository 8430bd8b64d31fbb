extension String {
    /// Whether the text holds a C0 control character or DEL: text that is
    /// spoken, shown on one line or passed as a one-line value must not.
    public var hasControlCharacters: Bool {
        unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
