// The room on a learner's page: the teacher's question, and a note when the page's
// kernel was culled. Added to every lesson page by the class server (tutor/classroom).
// Every word comes from the server, already in the room's language; this only shows it.
(function () {
  "use strict";
  const me = document.currentScript;
  const base = me.dataset.base || "/";
  const xsrf = me.dataset.xsrf || "";
  const every = Number(me.dataset.every || 2500);
  let shownKey = null, hiddenKey = null, asleep = false, shownAt = Date.now();

  const style = document.createElement("style");
  style.textContent = `
  #tutor-room-question{position:fixed;right:16px;bottom:16px;z-index:10000;max-width:min(620px,94vw);
    max-height:88vh;overflow:auto;background:#fff;color:#1b1b1b;border:2px solid #1f6b3c;border-radius:12px;
    box-shadow:0 8px 28px rgba(0,0,0,.28);padding:14px 18px;font:15px/1.45 system-ui,sans-serif}
  #tutor-room-question svg{max-width:100%;height:auto}
  #tutor-room-question button,#tutor-room-tab{font:inherit;padding:7px 16px;margin:4px 6px 0 0;border-radius:6px;
    border:1px solid #1f6b3c;background:#1f6b3c;color:#fff;cursor:pointer}
  #tutor-room-question button.tutor-room-hide{background:#fff;color:#1f6b3c}
  #tutor-room-question button[aria-pressed=true]{outline:3px solid #ff9800}
  .tutor-room-from{margin:0;color:#5f675f;font-size:13px}
  #tutor-room-tab{position:fixed;right:16px;bottom:16px;z-index:10000}
  #tutor-room-asleep{position:fixed;left:16px;bottom:16px;z-index:10001;background:#fff8e1;border:2px solid #f9a825;
    border-radius:10px;padding:10px 16px;font:15px/1.45 system-ui,sans-serif;max-width:480px}
  #tutor-room-asleep button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #8d6e00;background:#fff;cursor:pointer}`;
  document.head.appendChild(style);

  const box = document.createElement("div");
  box.id = "tutor-room-question";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-live", "polite");       // a screen reader says when a question comes
  box.hidden = true;
  const tab = document.createElement("button");
  tab.id = "tutor-room-tab";
  tab.type = "button";
  tab.hidden = true;
  const sleepNote = document.createElement("div");
  sleepNote.id = "tutor-room-asleep";
  sleepNote.hidden = true;
  document.body.append(box, tab, sleepNote);

  function kernelId() {
    // Voila puts the page's kernel id in its page config.
    const cfg = document.getElementById("jupyter-config-data");
    if (!cfg) return "";
    try { return JSON.parse(cfg.textContent).kernelId || ""; } catch (e) { return ""; }
  }

  function show(state) {
    if (state.asleep && !asleep) {
      asleep = true;
      sleepNote.innerHTML = state.asleep_html;
      sleepNote.hidden = false;
      sleepNote.querySelector("[data-reload]").onclick = () => location.reload();
    }
    if (!state.html) {
      box.hidden = true; tab.hidden = true; shownKey = null;
      return;
    }
    if (state.key !== shownKey) {
      box.innerHTML = state.html;
      shownKey = state.key;
      shownAt = Date.now();
      tab.textContent = state.show;
      box.querySelectorAll("button[data-answer]").forEach((b) => {
        b.onclick = () => answer(b.dataset.push, b.dataset.answer);
      });
      box.querySelector("button[data-hide]").onclick = () => {
        hiddenKey = state.key.split(":")[0]; box.hidden = true; tab.hidden = false;
      };
      tab.onclick = () => { hiddenKey = null; box.hidden = false; tab.hidden = true; };
    }
    const hidden = hiddenKey === state.key.split(":")[0];
    box.hidden = hidden;
    tab.hidden = !hidden;
  }

  async function answer(push, value) {
    const body = new URLSearchParams({push: push, answer: value, _xsrf: xsrf});
    try {
      const r = await fetch(base + "room/answer", {method: "POST", body: body, credentials: "same-origin",
        headers: {"X-XSRFToken": xsrf}});
      if (r.ok) show(await r.json());
    } catch (e) { /* the next poll shows the state */ }
  }

  // The XSRF header on the poll too: a JupyterHub single-user server takes a script's
  // GET with its login cookie only with it (the class server does not need it).
  async function poll() {
    try {
      const r = await fetch(base + "room/question?kernel=" + encodeURIComponent(kernelId()),
        {credentials: "same-origin", cache: "no-store", headers: {"X-XSRFToken": xsrf}});
      if (r.ok) show(await r.json());
    } catch (e) { /* the teacher's computer is busy or gone: try again */ }
    setTimeout(poll, every);
  }
  // The seconds left to answer, counted here between polls (the server closes the
  // answers; its next poll brings "Time is up" and takes the buttons away).
  function tick() {
    box.querySelectorAll("[data-left]").forEach((p) => {
      const left = Math.ceil(Number(p.dataset.left) - (Date.now() - shownAt) / 1000);
      p.textContent = left > 0 ? (left === 1 ? p.dataset.one : p.dataset.many).replace("{n}", left)
                               : p.dataset.up;
    });
  }
  setInterval(tick, 250);
  poll();
})();
