#!/usr/bin/env python3
"""The screen side of bench/overlay-timing.ts: real key presses and the screen read back, in one process.

"Key down sent" (t0) and "overlay on screen" (t1) are two readings of the same monotonic clock in this process:
no offset between processes to estimate. Standard library only (ctypes over libX11, libXtst and libXdamage,
which Chromium and xdotool already pull in), so the bench needs nothing compiled or installed.

- Keys go through XTest (XTestFakeKeyEvent): the X server treats them as a keyboard's, so Chromium sees a real
  key press, runs its `commands` accelerator and grants activeTab, as for a person.
- The screen is read with XGetImage: `rows` full-width lines of the viewport rectangle of the root window (the
  frame buffer: Chromium draws straight into its top-level window and no compositing manager runs on Xvfb).
  A row is one small request (~0.05 ms on an idle machine); 16 rows of 1280 pixels are 20,480 sample points.
- DAMAGE tells when the window's pixels change, so the watcher sleeps until a frame lands instead of spinning on
  one of the machine's two cores (which Chromium needs); a 20 ms backstop poll covers an event not yet sent.
  The server stamps each DAMAGE event with CLOCK_MONOTONIC milliseconds, so each trial also says how late the
  look that saw the overlay was (resolutionMs).

Protocol: one JSON object per line on stdin ({"cmd": ...}), one JSON answer per line on stdout.
"""

import ctypes as C
import json
import os
import select
import sys
import time

x11 = C.CDLL("libX11.so.6")
xtst = C.CDLL("libXtst.so.6")
try:
    xdamage = C.CDLL("libXdamage.so.1")
except OSError:  # Without DAMAGE the watcher polls at `pollMs` instead.
    xdamage = None

ALL_PLANES = 0xFFFFFFFF
Z_PIXMAP = 2
IS_VIEWABLE = 2
REVERT_TO_PARENT = 2
DAMAGE_REPORT_NON_EMPTY = 3


class XImage(C.Structure):
    _fields_ = [
        ("width", C.c_int), ("height", C.c_int), ("xoffset", C.c_int), ("format", C.c_int),
        ("data", C.c_void_p), ("byte_order", C.c_int), ("bitmap_unit", C.c_int),
        ("bitmap_bit_order", C.c_int), ("bitmap_pad", C.c_int), ("depth", C.c_int),
        ("bytes_per_line", C.c_int), ("bits_per_pixel", C.c_int), ("red_mask", C.c_ulong),
        ("green_mask", C.c_ulong), ("blue_mask", C.c_ulong), ("obdata", C.c_void_p),
        ("f", C.c_void_p * 6),  # create, destroy, get_pixel, put_pixel, sub_image, add_pixel
    ]


class XWindowAttributes(C.Structure):
    _fields_ = [
        ("x", C.c_int), ("y", C.c_int), ("width", C.c_int), ("height", C.c_int),
        ("border_width", C.c_int), ("depth", C.c_int), ("visual", C.c_void_p), ("root", C.c_ulong),
        ("class_", C.c_int), ("bit_gravity", C.c_int), ("win_gravity", C.c_int),
        ("backing_store", C.c_int), ("backing_planes", C.c_ulong), ("backing_pixel", C.c_ulong),
        ("save_under", C.c_int), ("colormap", C.c_ulong), ("map_installed", C.c_int),
        ("map_state", C.c_int), ("all_event_masks", C.c_long), ("your_event_mask", C.c_long),
        ("do_not_propagate_mask", C.c_long), ("override_redirect", C.c_int), ("screen", C.c_void_p),
    ]


class XClassHint(C.Structure):
    _fields_ = [("res_name", C.c_void_p), ("res_class", C.c_void_p)]  # Xlib-allocated: read, then XFree


P = C.c_void_p
x11.XOpenDisplay.restype = P
x11.XOpenDisplay.argtypes = [C.c_char_p]
x11.XDefaultRootWindow.restype = C.c_ulong
x11.XDefaultRootWindow.argtypes = [P]
x11.XDefaultScreen.argtypes = [P]
x11.XDisplayWidth.argtypes = [P, C.c_int]
x11.XDisplayHeight.argtypes = [P, C.c_int]
x11.XGetImage.restype = C.POINTER(XImage)
x11.XGetImage.argtypes = [P, C.c_ulong, C.c_int, C.c_int, C.c_uint, C.c_uint, C.c_ulong, C.c_int]
x11.XStringToKeysym.restype = C.c_ulong
x11.XStringToKeysym.argtypes = [C.c_char_p]
x11.XKeysymToKeycode.restype = C.c_ubyte
x11.XKeysymToKeycode.argtypes = [P, C.c_ulong]
x11.XFlush.argtypes = [P]
x11.XSync.argtypes = [P, C.c_int]
x11.XSetInputFocus.argtypes = [P, C.c_ulong, C.c_int, C.c_ulong]
x11.XRaiseWindow.argtypes = [P, C.c_ulong]
x11.XQueryTree.argtypes = [P, C.c_ulong, C.POINTER(C.c_ulong), C.POINTER(C.c_ulong),
                           C.POINTER(C.POINTER(C.c_ulong)), C.POINTER(C.c_uint)]
x11.XGetClassHint.argtypes = [P, C.c_ulong, C.POINTER(XClassHint)]
x11.XGetWindowAttributes.argtypes = [P, C.c_ulong, C.POINTER(XWindowAttributes)]
x11.XFree.argtypes = [P]
x11.XAutoRepeatOff.argtypes = [P]
x11.XConnectionNumber.argtypes = [P]
x11.XPending.argtypes = [P]
x11.XNextEvent.argtypes = [P, P]
xtst.XTestFakeKeyEvent.argtypes = [P, C.c_uint, C.c_int, C.c_ulong]
xtst.XTestFakeMotionEvent.argtypes = [P, C.c_int, C.c_int, C.c_int, C.c_ulong]
if xdamage is not None:
    xdamage.XDamageQueryExtension.argtypes = [P, C.POINTER(C.c_int), C.POINTER(C.c_int)]
    xdamage.XDamageCreate.restype = C.c_ulong
    xdamage.XDamageCreate.argtypes = [P, C.c_ulong, C.c_int]
    xdamage.XDamageSubtract.argtypes = [P, C.c_ulong, C.c_ulong, C.c_ulong]
    xdamage.XDamageDestroy.argtypes = [P, C.c_ulong]

# An X protocol error (a window that went away) must not end the process, as Xlib's default handler does.
ERROR_HANDLER = C.CFUNCTYPE(C.c_int, P, P)
x_errors = []
_on_error = ERROR_HANDLER(lambda _display, _event: x_errors.append(1) or 0)
x11.XSetErrorHandler.argtypes = [ERROR_HANDLER]
x11.XSetErrorHandler(_on_error)
DESTROY_IMAGE = C.CFUNCTYPE(C.c_int, C.POINTER(XImage))


def ms():
    """The one clock: CLOCK_MONOTONIC in milliseconds (float)."""
    return time.monotonic_ns() / 1e6


def destroy(image):
    DESTROY_IMAGE(image.contents.f[1])(image)


class Screen:
    def __init__(self, name):
        self.dpy = x11.XOpenDisplay(name.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open display {name}")
        self.root = x11.XDefaultRootWindow(self.dpy)
        screen = x11.XDefaultScreen(self.dpy)
        self.screen = screen
        self.width = x11.XDisplayWidth(self.dpy, screen)
        self.height = x11.XDisplayHeight(self.dpy, screen)
        self.fd = x11.XConnectionNumber(self.dpy)
        self.event = (C.c_long * 24)()  # an XEvent is a 192-byte union
        self.damage_event = None
        if xdamage is not None:
            base, error = C.c_int(), C.c_int()
            if xdamage.XDamageQueryExtension(self.dpy, C.byref(base), C.byref(error)):
                self.damage_event = base.value  # + XDamageNotify (0)
        self.damage = 0
        # A held key would autorepeat after 660 ms and toggle the reader shut again on a slow trial.
        x11.XAutoRepeatOff(self.dpy)
        x11.XSync(self.dpy, 0)

    # --- windows -----------------------------------------------------------------------------------------

    def windows(self, klass):
        """Viewable top-level windows whose WM_CLASS class or name is `klass` (case-insensitive), largest first."""
        root, parent = C.c_ulong(), C.c_ulong()
        children, count = C.POINTER(C.c_ulong)(), C.c_uint()
        if not x11.XQueryTree(self.dpy, self.root, C.byref(root), C.byref(parent), C.byref(children),
                              C.byref(count)):
            return []
        found = []
        for i in range(count.value):
            window = children[i]
            hint = XClassHint()
            if not x11.XGetClassHint(self.dpy, window, C.byref(hint)):
                continue
            names = []
            for pointer in (hint.res_name, hint.res_class):
                if pointer:
                    names.append(C.string_at(pointer).decode(errors="replace").lower())
                    x11.XFree(pointer)
            attributes = XWindowAttributes()
            x11.XGetWindowAttributes(self.dpy, window, C.byref(attributes))
            if klass.lower() in names and attributes.map_state == IS_VIEWABLE:
                found.append({"id": window, "x": attributes.x, "y": attributes.y,
                              "width": attributes.width, "height": attributes.height})
        if children:
            x11.XFree(children)
        found.sort(key=lambda w: w["width"] * w["height"], reverse=True)
        return found

    def focus(self, window):
        # No window manager on Xvfb: setting the input focus directly is what activates the window.
        x11.XRaiseWindow(self.dpy, window)
        x11.XSetInputFocus(self.dpy, window, REVERT_TO_PARENT, 0)
        x11.XSync(self.dpy, 0)

    def pointer(self, x, y):
        xtst.XTestFakeMotionEvent(self.dpy, self.screen, x, y, 0)
        x11.XSync(self.dpy, 0)

    # --- reading the screen ------------------------------------------------------------------------------

    def grab(self, x, y, width, height):
        """A rectangle of the root window as bytes (32 bits a pixel) and its bytes per line."""
        image = x11.XGetImage(self.dpy, self.root, x, y, width, height, ALL_PLANES, Z_PIXMAP)
        if not image:
            raise RuntimeError(f"XGetImage failed for {width}x{height}+{x}+{y}")
        try:
            if image.contents.bits_per_pixel != 32:
                raise RuntimeError(f"{image.contents.bits_per_pixel} bits per pixel: only 32 is read")
            return C.string_at(image.contents.data, image.contents.bytes_per_line * height), \
                image.contents.bytes_per_line
        finally:
            destroy(image)

    def locate(self, rgb, tolerance):
        """The rectangle of the screen filled with `rgb`: a column through the middle, then a row through it."""
        def matches(pixel):
            b, g, r = pixel[0], pixel[1], pixel[2]
            return abs(r - rgb[0]) <= tolerance and abs(g - rgb[1]) <= tolerance and abs(b - rgb[2]) <= tolerance

        def run(data, stride, length):
            pixels = [data[i * stride:i * stride + 4] for i in range(length)]
            hits = [i for i in range(length) if matches(pixels[i])]
            if not hits:
                return None
            # The longest run of matching pixels.
            best, start = (0, 0), hits[0]
            for a, b in zip(hits, hits[1:] + [None]):
                if b != a + 1:
                    if a - start + 1 > best[1] - best[0]:
                        best = (start, a + 1)
                    start = b
            return best

        column, stride = self.grab(self.width // 2, 0, 1, self.height)
        vertical = run(column, stride, self.height)
        if vertical is None:
            return None
        middle = (vertical[0] + vertical[1]) // 2
        row, _ = self.grab(0, middle, self.width, 1)
        horizontal = run(row, 4, self.width)
        if horizontal is None:
            return None
        return {"x": horizontal[0], "y": vertical[0], "width": horizontal[1] - horizontal[0],
                "height": vertical[1] - vertical[0]}

    # --- sampling the viewport ---------------------------------------------------------------------------

    def arm(self, rect, rows, window):
        """Sets the sample rows (evenly spaced over `rect`, full width) and the window DAMAGE watches."""
        if self.damage:
            xdamage.XDamageDestroy(self.dpy, self.damage)
            self.damage = 0
        x, y, width, height = rect["x"], rect["y"], rect["width"], rect["height"]
        # Rows centred in equal bands, so no row sits on the viewport's first or last line.
        self.rows = [y + int((i + 0.5) * height / rows) for i in range(rows)]
        self.x, self.width_sampled = x, width
        # One XGetImage per row: Xlib's XGetSubImage copies pixel by pixel (0.1 ms a row), and one tall
        # rectangle covering all rows is megabytes; a 1-pixel row is one small request and reply.
        probe = x11.XGetImage(self.dpy, self.root, x, self.rows[0], width, 1, ALL_PLANES, Z_PIXMAP)
        if not probe:
            raise RuntimeError("cannot read the screen")
        image = probe.contents
        layout = (image.bits_per_pixel, image.bytes_per_line, image.byte_order,
                  (image.red_mask | image.green_mask | image.blue_mask) & 0xFFFFFFFF)
        destroy(probe)
        bits, line, byte_order, colour = layout
        order = "little" if byte_order == 0 else "big"
        if bits != 32 or line != width * 4 or int.from_bytes(colour.to_bytes(4, order), "little") != 0xFFFFFF:
            # changed() folds the low 24 bits of each little-endian 32-bit pixel: other layouts are not read.
            raise RuntimeError(f"pixel layout not supported: {bits} bpp, {line} bytes a line, mask {colour:#x}")
        self.points = width * rows
        # The padding byte of each pixel is left out of every comparison: only red, green and blue count.
        self.mask = int.from_bytes(b"\xff\xff\xff\x00" * self.points, "little")
        self.low_bit = int.from_bytes(b"\x01\x00\x00\x00" * self.points, "little")
        if self.damage_event is not None:
            self.damage = xdamage.XDamageCreate(self.dpy, window or self.root, DAMAGE_REPORT_NON_EMPTY)
        x11.XSync(self.dpy, 0)
        self.drain()

    def sample(self):
        """The sample rows as one big integer (little-endian pixels, row after row)."""
        return int.from_bytes(b"".join(self.grab(self.x, row, self.width_sampled, 1)[0] for row in self.rows),
                              "little")

    def changed(self, now, before):
        """How many sample points differ from `before`: any change of red, green or blue counts."""
        x = (now ^ before) & self.mask
        # Fold each 32-bit lane's low 24 bits into its lowest bit, then count lanes (pure big-int arithmetic:
        # C speed, well under 0.1 ms for 20k points, where a Python loop over pixels takes milliseconds).
        x |= x >> 12
        x |= x >> 6
        x |= x >> 3
        x |= (x >> 1) | (x >> 2)
        return (x & self.low_bit).bit_count()

    def drain(self):
        """
        Takes in every pending X event. Returns how many were DAMAGE notifications and the server time (ms) of
        the first: the X server stamps events with CLOCK_MONOTONIC milliseconds, the clock ms() reads.
        """
        damaged, stamp = 0, None
        while x11.XPending(self.dpy):
            x11.XNextEvent(self.dpy, self.event)
            if self.damage_event is not None and (self.event[0] & 0xFFFFFFFF) == self.damage_event:
                damaged += 1
                if stamp is None:
                    stamp = self.event[7] & 0xFFFFFFFF  # XDamageNotifyEvent.timestamp (a 32-bit Time)
        if damaged and self.damage:
            xdamage.XDamageSubtract(self.dpy, self.damage, 0, 0)
            x11.XFlush(self.dpy)
        return damaged, stamp

    def wait(self, timeout_ms):
        """Sleeps until an X event arrives or the timeout passes; returns what drain() took in."""
        taken = self.drain()
        if taken[0] or timeout_ms <= 0:
            return taken
        ready, _, _ = select.select([self.fd], [], [], timeout_ms / 1000)
        return self.drain() if ready else (0, None)

    def settle(self, stable_ms, max_ms):
        """Waits until the sampled rows stay the same for `stable_ms`; returns the before state and how it went."""
        start = ms()
        before = self.sample()
        since = ms()
        noise = 0.0
        while True:
            self.wait(min(stable_ms, 20))
            now = self.sample()
            t = ms()
            if now != before:
                noise = self.changed(now, before) / self.points
                before, since = now, t
            elif t - since >= stable_ms:
                return before, {"stable": True, "noise": noise}
            if t - start >= max_ms:
                return before, {"stable": False, "noise": noise}

    # --- keys ----------------------------------------------------------------------------------------------

    def keycode(self, name):
        code = x11.XKeysymToKeycode(self.dpy, x11.XStringToKeysym(name.encode()))
        if not code:
            raise RuntimeError(f"no key for {name}")
        return code

    def key(self, code, down):
        xtst.XTestFakeKeyEvent(self.dpy, code, 1 if down else 0, 0)
        x11.XFlush(self.dpy)

    def press(self, keys, lead_ms):
        """Modifiers down, `lead_ms`, the last key down and everything up: a plain key press, nothing timed."""
        codes = [self.keycode(k) for k in keys]
        for code in codes[:-1]:
            self.key(code, True)
        time.sleep(lead_ms / 1000)
        self.key(codes[-1], True)
        time.sleep(0.03)
        for code in reversed(codes):
            self.key(code, False)
        x11.XSync(self.dpy, 0)

    def trial(self, keys, before, options):
        """
        Presses `keys` (modifiers first, then the last key: t0 is read right after its key-down is flushed to the
        server) and watches the sample rows until at least `threshold` of them differ from `before` (t1: the wake
        that saw it, which follows the DAMAGE event of the frame). Keeps watching `afterMs` longer, so the caller
        can tell a first frame from the complete one. The last key is released at t1 or after `holdMs`, whichever
        comes first, like a person's short press; the modifiers after it.
        """
        threshold, timeout = options["threshold"], options["timeoutMs"]
        hold, after = options["holdMs"], options["afterMs"]
        # With DAMAGE the poll is only a backstop; without it, polling is all there is.
        backstop = options["pollMs"] if self.damage else 1
        codes = [self.keycode(k) for k in keys]
        for code in codes[:-1]:
            self.key(code, True)
        time.sleep(options["leadMs"] / 1000)
        self.drain()
        self.key(codes[-1], True)
        t0 = ms()
        released = False
        t1 = None
        resolution = None
        series = []  # [ms after t0, share changed] whenever the share changes
        frames = []  # ms after t0 of each wake on DAMAGE
        last_check = t0
        share = 0.0
        while True:
            now = ms()
            if not released and (t1 is not None or now - t0 >= hold):
                for code in reversed(codes):
                    self.key(code, False)
                released = True
            # Under the threshold the watch runs to the timeout: a notice over a black page may never cross it
            # (the caller then reads the series), and a slow overlay must not be cut short.
            end = (t1 + after) if t1 is not None else (t0 + timeout)
            if now >= end:
                break
            deadline = min(end, last_check + backstop, now + 1000 if released else t0 + hold)
            damaged, stamp = self.wait(max(0.0, deadline - now))
            woke = ms()
            if damaged:
                frames.append(round(woke - t0, 3))
            elif woke - last_check < backstop:
                continue  # woke to release the key or to stop, not to look
            current = self.changed(self.sample(), before) / self.points
            if current != share or not series:
                series.append([round(woke - t0, 3), round(current, 4)])
                share = current
            if t1 is None and current >= threshold:
                t1 = woke
                if not damaged:
                    # A poll saw the frame first: Xvfb flushes the frame's DAMAGE event with our reply, so it is
                    # usually queued by now, and its stamp says when the pixels landed.
                    late, stamp = self.drain()
                    if late:
                        frames.append(round(ms() - t0, 3))
                if stamp is not None:
                    # The server stamps DAMAGE events when the pixels land (X time is CLOCK_MONOTONIC ms, 32
                    # bits): t1 is off by this much, to the millisecond of the stamp.
                    resolution = abs(woke - (stamp + (int(woke) & ~0xFFFFFFFF)))
                else:
                    # No event to ask: it landed after the previous check.
                    resolution = woke - last_check
            last_check = woke
        if not released:
            for code in reversed(codes):
                self.key(code, False)
        x11.XSync(self.dpy, 0)
        return {
            "t1Ms": None if t1 is None else round(t1 - t0, 3),
            "resolutionMs": None if resolution is None else round(resolution, 3),
            "series": series,
            "frames": frames,
            "finalShare": share,
            "t0Mono": t0,
        }


def main():
    screen = None
    before = None
    try:
        # The instrument should wake when a frame lands, not when the scheduler gets round to it: on a loaded
        # machine a normal-priority sleeper can wait tens of ms. It sleeps between frames, so Chromium loses
        # nothing by it. Needs root (or CAP_SYS_NICE); without it the resolution reported says what it cost.
        os.nice(-10)
    except OSError:
        pass
    for line in sys.stdin:
        request = json.loads(line)
        command = request.get("cmd")
        try:
            if command == "open":
                screen = Screen(request["display"])
                reply = {"width": screen.width, "height": screen.height,
                         "damage": screen.damage_event is not None}
            elif command == "windows":
                reply = {"windows": screen.windows(request["class"])}
            elif command == "focus":
                screen.focus(request["window"])
                reply = {}
            elif command == "pointer":
                screen.pointer(request["x"], request["y"])
                reply = {}
            elif command == "locate":
                reply = {"rect": screen.locate(request["rgb"], request.get("tolerance", 2))}
            elif command == "arm":
                screen.arm(request["rect"], request["rows"], request.get("window"))
                before, how = screen.settle(request["stableMs"], request["maxMs"])
                reply = dict(how, points=screen.points)
            elif command == "trial":
                if before is None:
                    raise RuntimeError("trial before arm")
                reply = screen.trial(request["keys"], before, request)
            elif command == "press":
                screen.press(request["keys"], request.get("leadMs", 30))
                reply = {}
            elif command == "quit":
                break
            else:
                raise RuntimeError(f"unknown command {command!r}")
            if x_errors:
                reply["xErrors"] = len(x_errors)
                x_errors.clear()
            answer = {"ok": True, **reply}
        except Exception as error:  # noqa: BLE001 - every failure goes back to the caller as an answer
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
