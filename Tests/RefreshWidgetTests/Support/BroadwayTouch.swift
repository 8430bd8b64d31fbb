import Foundation
import RefreshTestSupport

/// A Broadway display shown in headless Chromium, and a finger on it: touch
/// events in the page go through Broadway's page script and daemon to the app
/// as GDK touch events (from Broadway's touchscreen device).
///
/// The finger is the page's own TouchEvents, dispatched where the browser
/// would (each at the element the touch began on), not Chromium's
/// Input.dispatchTouchEvent: Chromium's input path never delivered the moves
/// within about 15 px of where a touch began (a tap's 3 px, a pull's first
/// 10 px step) nor, now and then, the move just before a lift, so a wobbling
/// tap could not be made that way.
final class BroadwayTouch {
    let display: BroadwayDisplay
    let browser: DevToolsBrowser

    init(width: Int = 800, height: Int = 700) throws {
        display = try BroadwayDisplay()
        do {
            browser = try DevToolsBrowser(width: width, height: height)
        } catch {
            display.stop()
            throw error
        }
        do {
            try browser.call("Page.navigate", ["url": display.url])
            try browser.waitUntil("typeof inputSocket !== 'undefined' && inputSocket !== null && inputSocket.readyState === 1",
                                  "Broadway page connected to its daemon")
            try browser.evaluate(Self.relay)
            try browser.evaluate(Self.finger)
        } catch {
            stop()
            throw error
        }
    }

    func stop() {
        browser.stop()
        display.stop()
    }

    /// Where the app's window (its largest visible surface) sits in the page, once it is shown there.
    func surfaceOrigin(timeout: Double = 20) throws -> (x: Int, y: Int) {
        let largest = "Object.values(surfaces).filter(s => s.visible).sort((a, b) => b.width * b.height - a.width * a.height)[0]"
        try browser.waitUntil("(\(largest)) !== undefined", timeout: timeout, "window on the Broadway page")
        let origin = try browser.evaluate("(s => [s.x, s.y])(\(largest))") as? [Int] ?? []
        guard origin.count == 2 else { throw FixtureError(message: "no surface position from the page") }
        return (origin[0], origin[1])
    }

    /// A finger down at `from`, moved in `steps` equal steps to `to`, lifted unless `lift` is false.
    /// A step every 16 ms, a finger's pace on a 60 Hz screen.
    func drag(from: (Int, Int), to: (Int, Int), steps: Int = 20, lift: Bool = true, down: Bool = true) throws {
        if down { try touch("touchStart", from) }
        for step in 1...max(steps, 1) {
            Thread.sleep(forTimeInterval: 0.016)
            let x = from.0 + (to.0 - from.0) * step / max(steps, 1)
            let y = from.1 + (to.1 - from.1) * step / max(steps, 1)
            try touch("touchMove", (x, y))
        }
        if lift { try self.lift() }
    }

    func lift() throws {
        try browser.evaluate("rhFinger('touchend')")
    }

    private func touch(_ type: String, _ point: (Int, Int)) throws {
        try browser.evaluate("rhFinger('\(type.lowercased())', \(point.0), \(point.1))")
    }

    /// One finger (identifier 1): a touchstart at the element under it; its
    /// moves and its end at that same element, as Touch Events specify; the end
    /// where the last move left it.
    static let finger = """
        (() => {
          let target = null, at = null;
          window.rhFinger = (type, x, y) => {
            if (type === 'touchstart') target = document.elementFromPoint(x, y);
            if (type !== 'touchend') at = [x, y];
            const touch = new Touch({identifier: 1, target, clientX: at[0], clientY: at[1], pageX: at[0], pageY: at[1],
                                     screenX: at[0], screenY: at[1]});
            const down = type === 'touchend' ? [] : [touch];
            target.dispatchEvent(new TouchEvent(type, {bubbles: true, cancelable: true, composed: true, touches: down,
                                                       targetTouches: down, changedTouches: [touch]}));
          };
        })()
        """

    /// Broadway's page listens for touches on the document, but a touch's later
    /// events go to the element it began on even after that element left the
    /// page (Touch Events), and then they reach no document listener. GTK
    /// redraws what a finger presses (a list row's pressed state), so Broadway
    /// replaces that element at once and the app gets the touch's begin and
    /// nothing after it. This hands such moves and ends to the page's own
    /// handlers, aimed at the window's element that stays.
    static let relay = """
        (() => {
          let surface = null;
          const surfaceOf = t => { while (t && t !== document && t.surface === undefined) t = t.parentNode;
                                   return t && t !== document ? t : null; };
          const relay = (ev, handler) => {
            if (ev.target.isConnected || !surface) return; // the page's document listener has it
            const touches = Array.from(ev.changedTouches, t => ({identifier: t.identifier, pageX: t.pageX,
                                                                 pageY: t.pageY, target: surface}));
            handler({changedTouches: {length: touches.length, item: i => touches[i]}, shiftKey: ev.shiftKey,
                     ctrlKey: ev.ctrlKey, altKey: ev.altKey, timeStamp: ev.timeStamp});
          };
          document.addEventListener('touchstart', e => {
            surface = surfaceOf(e.target);
            const target = e.target;
            const move = ev => relay(ev, onTouchMove);
            const end = ev => {
              if (ev.type === 'touchend') relay(ev, onTouchEnd); // the page handles no touchcancel
              for (const [name, f] of [['touchmove', move], ['touchend', end], ['touchcancel', end]])
                target.removeEventListener(name, f);
            };
            target.addEventListener('touchmove', move);
            target.addEventListener('touchend', end);
            target.addEventListener('touchcancel', end);
          }, true);
        })()
        """
}
