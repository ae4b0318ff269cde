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
"""
from __future__ import annotations

import anywidget
import traitlets

#: the keys forwarded to Python; every other key (Tab first) keeps its usual meaning
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", " ", "Enter", "Escape")

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
  el.append(details, box, live);     // the hand last: Shift+Tab from the next control reaches it

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
  options_(); words();
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
    // the height the page shows at once: the window, or the box the table scrolls in
    // (JupyterLab's notebook panel) when that is smaller
    const room = () => {
      let h = window.innerHeight;
      for (let e = table.parentElement; e && e !== document.body; e = e.parentElement) {
        const oy = getComputedStyle(e).overflowY;
        if ((oy === "auto" || oy === "scroll") && e.clientHeight > 200) { h = Math.min(h, e.clientHeight); break; }
      }
      return Math.floor(h);
    };
    let lastW = 0, lastH = 0;
    report = () => {
      const w = Math.floor(board.getBoundingClientRect().width);
      const h = room();
      if (w > 0 && (Math.abs(w - lastW) >= 4 || Math.abs(h - lastH) >= 4)) {
        lastW = w; lastH = h;
        model.set("board_width", w);
        model.set("viewport_height", h);
        model.save_changes();
      }
    };
    observer = new ResizeObserver(report);
    observer.observe(board);
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
""".replace("%KEYS%", repr(list(KEYS)).replace("'", '"'))

_CSS = """
.tutor-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.tutor-keys { display: block; padding: 4px 8px; border-radius: 4px; cursor: default;
  border: 1px dashed var(--jp-border-color1, #757575); color: var(--jp-ui-font-color1, #1b1b1b);
  background: var(--jp-layout-color1, #ffffff); font-size: var(--tutor-font-size, 13px); }
.tutor-keys:focus { outline: 3px solid var(--jp-brand-color1, #1565c0); outline-offset: 2px; }
.tutor-keys:focus .tutor-keys-help::before { content: "⌨ "; }
.tutor-describe { margin: 4px 0; color: var(--jp-ui-font-color1, #1b1b1b);
  font-size: var(--tutor-font-size, 13px); }
.tutor-describe summary { cursor: pointer; color: var(--jp-content-link-color, #0b57d0); }
.tutor-description { white-space: pre-line; padding: 4px 8px; }
"""


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

    def say(self, text: str) -> None:
        """Announce `text` in the live region (again, if it is the same as last time)."""
        if text == self.announce:
            self.nonce += 1
        else:
            self.announce = text
