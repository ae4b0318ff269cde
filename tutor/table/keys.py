"""The table's keyboard, screen-reader and size layer: `TableKeys`, a small widget in the page.

Why a widget of its own: ipycanvas's canvas takes every key it sees (it calls
``preventDefault`` on each keydown, Tab included), so a learner who clicked a card could no
longer Tab out of the table, and a canvas says nothing to a screen reader. `TableKeys`
renders one focusable element that stands for the hand (a listbox of the cards, their
selected state, the card with the keyboard's focus) and forwards the keys it handles to
Python; Tab is never taken. In the same element:

- a live region (``role=status``): each ruling is announced there (`announce`);
- the text alternative of the canvas (`description`), in a "Describe the table" section
  that the canvas names with ``aria-describedby``;
- the table's language, set as the ``lang`` attribute of the whole table (a screen reader
  reads Finnish words as Finnish);
- the width the canvas has on screen (`board_width`, from a ResizeObserver), so that the
  table is drawn at that width and its text keeps its size; and the height the page shows
  at once (`viewport_height`: the window, or JupyterLab's notebook panel), so that on a
  short screen the table is drawn shorter (tutor.engine.diagram.MIN_HEIGHT).

It also tells the canvas to stay out of the Tab order (``tabindex=-1``) and hands the focus
on from the canvas to the keyboard element after a click, so that the arrow keys go on
from the card just clicked. The key handling itself (what each key does) is in
`tutor.table.widget.Table.key`, tested without a browser.

Touch (phones and tablets). ipycanvas's canvas cancels every touch it sees
(``preventDefault`` on ``touchstart``): the browser then neither scrolls the page on a
swipe nor sends a click on a tap, and the table, which listens to mouse-down, did nothing.
This layer catches the canvas's touches on their way down (a capturing listener on the
board that stops them there, so ipycanvas's own listeners never run): a swipe scrolls the
page as anywhere else, two fingers zoom, and a tap (a touch that ends where it began,
within half a second) is sent to Python as a ``tap`` at canvas coordinates, which the
table handles as a click (`Table.on_keys_message`); the tap's ``touchend`` is cancelled so
that no mouse click follows it and selects the card a second time.

Where the hand's cards are drawn narrower than a finger (`TAP_PX`: a phone shows the
560-pixel table at about 350 px, a card's strip then about 27 px) and the screen has a
touch pointer, the hand is also shown as a tray of card buttons under the canvas, each at
least `TAP_PX` wide (`chips`, ``pick`` messages): the compact bar under the hand. On a
narrow table (narrower than the board and the side beside each other) the table becomes
one column (class ``tutor-narrow``): the task panel, the canvas, the card tray, the move
buttons right under the hand, the ruling, then the tools and the rest. On a screen with
no hover and a coarse pointer (a phone, a tablet) the keys' help line is not shown (it
stays for screen readers), and words written for a mouse and keys give way to words for a
finger ("Tap cards in your hand": `panel.by_pointer_html`).
"""
from __future__ import annotations

import anywidget
import traitlets

#: the keys forwarded to Python; every other key (Tab first) keeps its usual meaning
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", " ", "Enter", "Escape")
#: the narrowest a card may be on screen to be tapped (CSS px); narrower, the tray is shown
TAP_PX = 44
#: what one column needs on screen besides the canvas (the task, the tray, the buttons, the
#: ruling), in CSS px: the canvas is drawn for the page's height less this
NARROW_ROOM = 300
#: the table's width below which the board and the side no longer fit beside each other
#: (the board's 540 px, the side's 280, the gap of 16): one column (``tutor-narrow``)
NARROW_PX = 836

_ESM = r"""
let counter = 0;
const KEYS = new Set(%KEYS%);

function render({ model, el }) {
  const uid = "tutor-keys-" + (++counter) + "-" + Math.random().toString(36).slice(2, 7);
  el.classList.add("tutor-keys-root");
  const box = document.createElement("div");
  box.className = "tutor-keys";
  box.tabIndex = 0;
  box.setAttribute("role", "listbox");
  box.setAttribute("aria-multiselectable", "true");
  const help = document.createElement("span");
  help.className = "tutor-keys-help";
  help.id = uid + "-help";
  const options = document.createElement("div");
  options.className = "tutor-sr-only";
  box.append(help, options);
  box.setAttribute("aria-describedby", help.id);

  const live = document.createElement("div");
  live.className = "tutor-sr-only tutor-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");

  const details = document.createElement("details");
  details.className = "tutor-describe";
  const summary = document.createElement("summary");
  const text = document.createElement("div");
  text.className = "tutor-description";
  text.id = uid + "-description";
  details.append(summary, text);
  // the hand as buttons a finger can tap, under the canvas, where its cards are drawn too
  // narrow for that on a touch screen (see the module doc)
  const tray = document.createElement("div");
  tray.className = "tutor-tray";
  tray.setAttribute("role", "group");
  tray.hidden = true;
  el.append(details, box, live, tray);     // the hand last: Shift+Tab from the next control reaches it

  function options_() {
    const cards = model.get("cards"), sel = new Set(model.get("selected"));
    const focus = model.get("focus");
    options.replaceChildren();
    cards.forEach((name, i) => {
      const o = document.createElement("div");
      o.id = uid + "-c" + i;
      o.setAttribute("role", "option");
      o.setAttribute("aria-selected", sel.has(i) ? "true" : "false");
      o.textContent = name;
      options.append(o);
    });
    if (focus >= 0 && focus < cards.length) box.setAttribute("aria-activedescendant", uid + "-c" + focus);
    else box.removeAttribute("aria-activedescendant");
  }
  function words() {
    box.setAttribute("aria-label", model.get("label"));
    help.textContent = model.get("help");
    summary.textContent = model.get("describe_label");
    text.textContent = model.get("description");
  }
  function announce() {
    // a fresh text node each time, so that the same words said twice are said again
    live.textContent = "";
    const said = model.get("announce");
    if (said) setTimeout(() => { live.textContent = said; }, 30);
  }
  let touched = false, trayWanted = () => false;
  function chips() {
    const faces = model.get("chips"), sel = new Set(model.get("selected")), cards = model.get("cards");
    tray.setAttribute("aria-label", model.get("label"));
    tray.replaceChildren(...faces.map((f, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tutor-chip tutor-chip-" + f.colour + (f.wild ? " tutor-chip-wild" : "");
      b.textContent = f.text;
      b.setAttribute("aria-label", cards[i] || f.text);
      b.setAttribute("aria-pressed", sel.has(i) ? "true" : "false");
      b.dataset.index = String(i);
      b.addEventListener("click", () => model.send({ event: "pick", index: i, t: performance.now() }));
      return b;
    }));
    tray.hidden = !trayWanted();
  }
  options_(); words(); chips();
  model.on("change:chips", chips);
  model.on("change:selected", chips);
  model.on("change:cards", options_);
  model.on("change:selected", options_);
  model.on("change:focus", options_);
  model.on("change:label", words);
  model.on("change:help", words);
  model.on("change:describe_label", words);
  model.on("change:description", words);
  model.on("change:announce", announce);
  model.on("change:nonce", announce);

  // the table draws the keyboard's ring only while the hand has the focus
  const active = (on) => { model.set("active", on); model.save_changes(); };
  box.addEventListener("focus", () => active(true));
  box.addEventListener("blur", () => active(false));
  box.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !KEYS.has(e.key)) return;   // Tab stays Tab
    e.preventDefault();
    e.stopPropagation();
    model.send({ event: "key", key: e.key, shift: e.shiftKey, t: performance.now() });
  });

  // the canvas of this table: out of the Tab order, described by our text, and a click on
  // it hands the keyboard focus to the hand
  let tries = 0, observer = null, report = null;
  function attach() {
    const table = el.closest(".tutor-table");
    const canvas = table && table.querySelector("canvas.tutor-canvas");
    if (!canvas) { if (++tries < 200) requestAnimationFrame(attach); return; }
    canvas.setAttribute("tabindex", "-1");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", model.get("canvas_label"));
    canvas.setAttribute("aria-describedby", text.id);
    const lang = () => { if (model.get("lang")) table.setAttribute("lang", model.get("lang")); };
    lang();
    model.on("change:lang", lang);
    model.on("change:canvas_label", () => canvas.setAttribute("aria-label", model.get("canvas_label")));
    canvas.addEventListener("focus", () => box.focus({ preventScroll: true }));
    const board = table.querySelector(".tutor-board") || canvas.parentElement;

    // touch: stop the canvas's touches before ipycanvas's listeners cancel them (module doc)
    let start = null;
    const mine = (e) => e.target === canvas;
    const stop = (e) => { if (mine(e)) e.stopPropagation(); };
    const findTouch = (list, id) => Array.prototype.find.call(list, (t) => t.identifier === id);
    board.addEventListener("touchstart", (e) => {
      if (!mine(e)) return;
      e.stopPropagation();
      if (!touched) { touched = true; table.classList.add("tutor-touch"); chips(); }
      const t = e.touches.length === 1 ? e.changedTouches[0] : null;
      start = t ? { id: t.identifier, x: t.clientX, y: t.clientY, at: performance.now() } : null;
    }, { capture: true, passive: true });
    board.addEventListener("touchmove", (e) => {
      if (!mine(e)) return;
      e.stopPropagation();
      const t = start && findTouch(e.changedTouches, start.id);
      if (t && Math.hypot(t.clientX - start.x, t.clientY - start.y) > 10) start = null;
    }, { capture: true, passive: true });
    board.addEventListener("touchend", (e) => {
      if (!mine(e)) return;
      e.stopPropagation();
      const t = start && findTouch(e.changedTouches, start.id);
      const tap = t && e.touches.length === 0 && performance.now() - start.at < 500
        && Math.hypot(t.clientX - start.x, t.clientY - start.y) <= 10;
      start = null;
      if (!tap) return;
      e.preventDefault();            // no mouse click after the tap: it would select again
      const r = canvas.getBoundingClientRect();
      model.send({ event: "tap", x: (t.clientX - r.left) * canvas.width / r.width,
                   y: (t.clientY - r.top) * canvas.height / r.height, t: performance.now() });
    }, { capture: true, passive: false });
    board.addEventListener("touchcancel", (e) => { stop(e); start = null; }, { capture: true });

    // the tray: on a touch screen, when the hand's cards are drawn narrower than a finger
    const coarse = window.matchMedia ? window.matchMedia("(any-pointer: coarse)") : null;
    trayWanted = () => {
      const w = canvas.getBoundingClientRect().width;
      const onScreen = model.get("card_px") * w / (canvas.width / 2 || 1);
      return (touched || (coarse && coarse.matches)) && model.get("chips").length > 0
        && onScreen > 0 && onScreen < %TAP_PX%;
    };
    model.on("change:card_px", chips);
    // the height the page shows at once: the window, or the box the table scrolls in
    // (JupyterLab's notebook panel) when that is smaller. A box that may scroll but holds
    // all it has (an output area, as tall as the table) is not it: it does not scroll
    const room = () => {
      let h = window.innerHeight;
      for (let e = table.parentElement; e && e !== document.body; e = e.parentElement) {
        const oy = getComputedStyle(e).overflowY;
        if ((oy === "auto" || oy === "scroll") && e.clientHeight > 200
            && e.scrollHeight > e.clientHeight + 1) { h = Math.min(h, e.clientHeight); break; }
      }
      return Math.floor(h);
    };
    let lastW = 0, lastH = 0;
    report = () => {
      // one column when the board and the side no longer fit beside each other (never on
      // the projector, whose side is pinned to the screen's edge)
      const narrow = table.clientWidth > 0 && table.clientWidth < %NARROW_PX%
        && !table.classList.contains("tutor-projector");
      table.classList.toggle("tutor-narrow", narrow);
      // a table on the projector sets the whole page in large print (see the CSS)
      document.body.classList.toggle("tutor-projecting", !!document.querySelector(".tutor-table.tutor-projector"));
      // the canvas is as wide as the board (or, in one column, the table)
      const w = Math.floor(canvas.getBoundingClientRect().width);
      // in one column the task, the tray, the buttons and the ruling share the screen with
      // the canvas: it is drawn as short as the page's height less their room allows
      const h = Math.max(1, room() - (narrow ? %NARROW_ROOM% : 0));
      if (!tray.hidden !== trayWanted()) chips();
      if (w > 0 && (Math.abs(w - lastW) >= 4 || Math.abs(h - lastH) >= 4)) {
        lastW = w; lastH = h;
        model.set("board_width", w);
        model.set("viewport_height", h);
        model.save_changes();
      }
    };
    observer = new ResizeObserver(() => requestAnimationFrame(report));   // not inside the
    // observer's callback: the class it may set changes the sizes it observes
    observer.observe(board);
    observer.observe(table);
    observer.observe(canvas);
    window.addEventListener("resize", report);
    report();
  }
  requestAnimationFrame(attach);
  return () => {
    if (observer) observer.disconnect();
    if (report) window.removeEventListener("resize", report);
  };
}
export default { render };
""".replace("%KEYS%", repr(list(KEYS)).replace("'", '"')).replace(
    "%TAP_PX%", str(TAP_PX)).replace("%NARROW_PX%", str(NARROW_PX)).replace(
    "%NARROW_ROOM%", str(NARROW_ROOM))

_CSS = """
.tutor-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.tutor-keys { display: block; padding: 4px 8px; border-radius: 4px; cursor: default;
  border: 1px dashed var(--jp-border-color1, #757575); color: var(--jp-ui-font-color1, #1b1b1b);
  background: var(--jp-layout-color1, #ffffff); font-size: var(--tutor-font-size, 13px); }
.tutor-keys:focus { outline: 3px solid var(--jp-brand-color1, #1565c0); outline-offset: 2px; }
/* the keyboard mark of the focused hand keeps its room when the hand loses the focus: a help
   line that wrapped with it and not without made the page jump under a click on a button
   (the focus leaves the hand on mousedown; the button moved before mouseup: no click) */
.tutor-keys .tutor-keys-help::before { content: "⌨ "; visibility: hidden; }
.tutor-keys:focus .tutor-keys-help::before { visibility: visible; }
.tutor-describe { margin: 4px 0; color: var(--jp-ui-font-color1, #1b1b1b);
  font-size: var(--tutor-font-size, 13px); }
.tutor-describe summary { cursor: pointer; color: var(--jp-content-link-color, #0b57d0); }
.tutor-description { white-space: pre-line; padding: 4px 8px; }
.tutor-keys-root { display: contents; }
.tutor-tray { order: 1; display: flex; flex-wrap: wrap; gap: 4px; padding: 6px 0 2px; }
.tutor-tray[hidden] { display: none; }
.tutor-chip { min-width: %TAP_PX%px; min-height: %TAP_PX%px; flex: 0 0 auto; padding: 0 6px;
  font: bold 17px/1 sans-serif; border-radius: 6px; border: 1px solid #8a8a8a; background: #ffffff;
  color: #1b1b1b; touch-action: manipulation; cursor: pointer; }
.tutor-chip-red { color: #c62828; } .tutor-chip-joker { color: #6a1b9a; }
.tutor-chip-wild { background: #fff3c4; }
.tutor-chip[aria-pressed="true"] { border: 3px solid #1e88e5; transform: translateY(-4px);
  box-shadow: 0 3px 0 #1e88e5; }
.tutor-canvas { touch-action: pan-x pan-y pinch-zoom; }
.tutor-table.tutor-narrow { flex-flow: column nowrap !important; align-items: stretch; gap: 6px; }
.tutor-narrow > .tutor-board, .tutor-narrow > .tutor-side { display: contents !important; }
.tutor-narrow .tutor-panels { order: 1; margin: 0; padding: 0; }
.tutor-narrow .tutor-canvas { order: 3; }
.tutor-narrow .tutor-tray { order: 4; }
.tutor-narrow .tutor-moves { order: 5; }
.tutor-narrow .tutor-explanation { order: 6; min-height: 0; }
.tutor-narrow .tutor-selection { order: 7; }
.tutor-narrow .tutor-tools { order: 8; }
.tutor-narrow .tutor-typed { order: 9; }
.tutor-narrow .tutor-settings { order: 10; }
.tutor-narrow .tutor-describe { order: 11; }
.tutor-narrow .tutor-keys { order: 12; }
.tutor-narrow .tutor-text { order: 13; }
.tutor-narrow .tutor-moves .jupyter-button, .tutor-narrow .tutor-tools .jupyter-button { min-height: 40px; }
/* the projector (a table's Projector button): the table as large as fits the screen
   (Table._set_width), its side beside it; the page's words in large print, to be read
   from 5 m */
body.tutor-projecting .jp-RenderedHTMLCommon, body.tutor-projecting .widget-html-content,
body.tutor-projecting .jupyter-button { font-size: 26px; line-height: 1.4; }
body.tutor-projecting .jp-RenderedHTMLCommon h1 { font-size: 48px; }
body.tutor-projecting .jp-RenderedHTMLCommon h2 { font-size: 38px; }
body.tutor-projecting .jupyter-button { height: auto; padding: 4px 14px; }
body.tutor-projecting .tutor-table select, body.tutor-projecting .tutor-table input,
body.tutor-projecting .tutor-table .widget-label { font-size: 22px; height: auto; }
body.tutor-projecting .tutor-diagram svg { width: 100%; max-width: 1200px; }
.tutor-projector .tutor-describe, .tutor-projector .tutor-keys { position: absolute !important;
  width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0);
  white-space: nowrap; border: 0; }
.tutor-by-touch { display: none; }
@media (hover: none) and (pointer: coarse) {
  .tutor-keys { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
  .tutor-by-mouse { display: none; }
  .tutor-by-touch { display: inline; }
}
""".replace("%TAP_PX%", str(TAP_PX))


class TableKeys(anywidget.AnyWidget):
    """The keyboard element, live region and text alternative of one table (see module doc)."""
    _esm = _ESM
    _css = _CSS

    cards = traitlets.List(traitlets.Unicode()).tag(sync=True)        # the hand, spoken
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    focus = traitlets.Int(-1).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)                       # the hand's name
    help = traitlets.Unicode("").tag(sync=True)                        # what the keys do
    announce = traitlets.Unicode("").tag(sync=True)                    # the live region
    nonce = traitlets.Int(0).tag(sync=True)                            # say it again
    description = traitlets.Unicode("").tag(sync=True)                 # the text alternative
    describe_label = traitlets.Unicode("").tag(sync=True)
    canvas_label = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("").tag(sync=True)                        # the table's language (its lang attribute)
    board_width = traitlets.Int(0).tag(sync=True)                      # from the page
    active = traitlets.Bool(False).tag(sync=True)                      # the hand has the focus
    viewport_height = traitlets.Int(0).tag(sync=True)                  # the page's height, from the page
    chips = traitlets.List(traitlets.Dict()).tag(sync=True)            # the hand, for the tray
    card_px = traitlets.Float(0.0).tag(sync=True)                      # the narrowest card, table px

    def show_hand(self, hand, scene=None) -> None:
        """The hand's cards for the tray (their face: text, colour, wild) and, from the
        drawn `scene`, the width of the narrowest strip of the hand a finger can tap (in
        table pixels: the page scales it to the screen)."""
        faces = [{"text": card.pretty, "wild": bool(card.is_wild),
                  "colour": "joker" if card.rank == "JK" else "red" if card.is_red else "black"}
                 for card in hand]
        if faces != self.chips:
            self.chips = faces
        if scene is not None:
            widths = [r.w for r in scene.regions if r.kind == "hand"]
            self.card_px = float(min(widths)) if widths else 0.0

    def say(self, text: str) -> None:
        """Announce `text` in the live region (again, if it is the same as last time)."""
        if text == self.announce:
            self.nonce += 1
        else:
            self.announce = text
