import RefreshTerminal

extension SessionRecorder {
    /// Records every frame `preview` shows, with the finger where the input put it
    /// (a viewport of `width` x `height` points, as the recorder's).
    public func follow(_ preview: LivePreview, viewportWidth width: Double, viewportHeight height: Double) {
        var trace = FingerTrace(viewportWidth: width, viewportHeight: height)
        let subject = preview.controller
        preview.onInput = { event, layout in trace.observe(event, layout: layout, touching: subject.isTouching) }
        preview.onFrame = { [unowned preview] report in
            self.add(time: report.time, layers: subject.layers, pull: subject.pullDistance,
                     finger: trace.point(touching: subject.isTouching, translation: preview.input.translation))
        }
    }
}
