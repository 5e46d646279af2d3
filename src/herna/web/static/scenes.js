// A step shown step by step (Alhambra's scoring rounds): the server draws each scene (title,
// SVG, words) and sends them when asked (GET /api/tables/{id}/scenes/{seq}); this plays them
// in a dialog, one after another at the page's speed (at "at once" it waits for Next), with
// Back, Next and Skip. A step already shown is remembered (localStorage), so a reload does
// not play it again; the log's "Show" button replays it. No rules here, only drawing. The
// replay page shows its own log's scenes the same way (`path`: where a step's scenes are).
import { api, currentLang, el, t } from "./herna.js";

const PACE = { fast: 0, normal: 1500, slow: 3000 }; // ms a scene stays; 0: until Next
const SEEN_KEY = "herna.scenes-seen"; // {table: [seq, ...]}, the newest tables last
const KEEP_TABLES = 50;

// An automated browser (a test) sees every move at once and is not stopped by scenes it did
// not ask for: it plays them by itself only when told (localStorage herna.scenes = "play").
function autoplay() {
  return localStorage.getItem("herna.scenes") === "play" || !navigator.webdriver;
}

const tablePath = (tableId) => (seq, code) => `/api/tables/${encodeURIComponent(tableId)
}/scenes/${seq}?lang=${encodeURIComponent(code)}`;

export function createScenes({ tableId, speed, onClose, path = tablePath(tableId) }) {
  const cache = new Map(); // `${seq}/${lang}` -> scenes
  const queue = []; // seqs waiting to be shown, oldest first
  let known = null; // the newest step this page has looked at for scenes
  let show = null; // {seq, scenes, at, timer, auto}
  let dialog = null;

  function seenAll() {
    try {
      const all = JSON.parse(localStorage.getItem(SEEN_KEY) || "{}");
      return all && typeof all === "object" && !Array.isArray(all) ? all : {};
    } catch {
      return {};
    }
  }

  function seen(seq) {
    const mine = seenAll()[tableId];
    return Array.isArray(mine) && mine.includes(seq);
  }

  function remember(seq) {
    const all = seenAll();
    const mine = Array.isArray(all[tableId]) ? all[tableId] : [];
    if (!mine.includes(seq)) mine.push(seq);
    delete all[tableId];
    all[tableId] = mine; // keys keep their order: this table is now the newest
    const tables = Object.keys(all);
    for (const old of tables.slice(0, Math.max(0, tables.length - KEEP_TABLES))) delete all[old];
    try {
      localStorage.setItem(SEEN_KEY, JSON.stringify(all));
    } catch { /* storage full or off: it may be shown again, nothing worse */ }
  }

  // Each payload drawn: the steps with scenes this page has not looked at yet are queued,
  // unless already seen. On opening the page, only one that came after my seat's last move
  // is played (a spectator: the newest step only); older ones are history, their log line's
  // "Show" replays them.
  function consider(payload) {
    const newest = payload.version - 1;
    const opening = known === null;
    if (!autoplay()) {
      known = newest;
      return;
    }
    for (const line of payload.log) {
      if (line.auto || !line.scenes) continue;
      if (known !== null && line.seq <= known) continue;
      if (seen(line.seq) || queue.includes(line.seq) || (show && show.seq === line.seq)) continue;
      if (opening && (payload.seat === null ? line.seq < newest : payload.log.some(
        (l) => !l.auto && l.seq > line.seq && l.seat === payload.seat))) continue;
      queue.push(line.seq);
    }
    known = Math.max(known ?? -1, newest);
    if (!show && queue.length) play(queue.shift(), false);
  }

  async function scenesOf(seq) {
    const key = `${seq}/${currentLang()}`;
    if (!cache.has(key)) {
      const body = await api(path(seq, currentLang()));
      cache.set(key, body.scenes);
    }
    return cache.get(key);
  }

  function build() {
    if (dialog) return dialog;
    dialog = el("dialog", { id: "scenes", class: "scenes", "aria-labelledby": "scene-title" },
      el("div", { class: "scene-head" },
        el("h2", { id: "scene-title" }),
        el("span", { class: "scene-count", id: "scene-count" })),
      el("div", { class: "scene-body", id: "scene-body" }),
      el("p", { class: "sr-only", id: "scene-words", "aria-live": "polite" }),
      el("div", { class: "scene-buttons" },
        el("button", { type: "button", id: "scene-back", onclick: () => back() }),
        el("button", { type: "button", id: "scene-skip", onclick: () => skip() }),
        el("button", { type: "button", class: "primary", id: "scene-next",
          onclick: () => next(true) })));
    dialog.addEventListener("cancel", (e) => { // Esc skips, as the Skip button does
      e.preventDefault();
      skip();
    });
    // closed by the browser itself (a second Esc may close it without "cancel"): skipped too,
    // or the others' moves would wait for a show nobody sees; not when another took its place
    dialog.addEventListener("close", () => {
      if (show && !dialog.open) skip();
    });
    document.body.append(dialog);
    return dialog;
  }

  async function play(seq, manual) {
    if (show) finish(false, true);
    const mine = { seq, scenes: null, at: 0, timer: null, auto: PACE[speed()] > 0, manual };
    show = mine;
    const box = build();
    box.querySelector("#scene-title").textContent = t("scenes.loading");
    box.querySelector("#scene-count").textContent = "";
    box.querySelector("#scene-body").replaceChildren();
    box.querySelector("#scene-words").textContent = "";
    labels();
    if (!box.open) box.showModal();
    box.querySelector("#scene-next").focus();
    let scenes;
    try {
      scenes = await scenesOf(seq);
    } catch {
      scenes = null;
    }
    if (show !== mine) return; // skipped (or another asked) while it loaded
    if (!scenes || !scenes.length) {
      finish(true);
      return;
    }
    mine.scenes = scenes;
    remember(seq);
    draw();
  }

  function labels() {
    if (!dialog) return;
    const last = show && show.scenes && show.at >= show.scenes.length - 1;
    dialog.querySelector("#scene-back").textContent = t("scenes.back");
    dialog.querySelector("#scene-skip").textContent = t("scenes.skip");
    dialog.querySelector("#scene-next").textContent = last ? t("scenes.close") : t("scenes.next");
    dialog.querySelector("#scene-back").disabled = !show || !show.scenes || show.at === 0;
    dialog.querySelector("#scene-skip").hidden = Boolean(last);
  }

  function draw() {
    const scene = show.scenes[show.at];
    dialog.querySelector("#scene-title").textContent = scene.title;
    dialog.querySelector("#scene-count").textContent = t("scenes.step", {
      n: show.at + 1, count: show.scenes.length });
    const body = dialog.querySelector("#scene-body");
    body.innerHTML = scene.svg.replace(/^<\?xml[^>]*>\s*/, "");
    const svg = body.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true"); // said by the words below, once
      svg.setAttribute("width", "100%");
      svg.removeAttribute("height");
    }
    dialog.querySelector("#scene-words").textContent = scene.words;
    dialog.dataset.scene = String(show.at);
    dialog.dataset.seq = String(show.seq);
    labels();
    // a focused button that went away (Skip on the last scene) leaves focus on Next
    if (!dialog.contains(document.activeElement) || document.activeElement.hidden) {
      dialog.querySelector("#scene-next").focus();
    }
    schedule();
  }

  function schedule() {
    clearTimeout(show.timer);
    show.timer = null;
    const pace = PACE[speed()];
    if (!show.auto || !pace) return;
    const last = show.at >= show.scenes.length - 1;
    const mine = show;
    show.timer = setTimeout(() => { if (show === mine) next(false); }, last ? 2 * pace : pace);
  }

  function next(clicked) {
    if (!show || !show.scenes) {
      if (clicked) skip();
      return;
    }
    if (show.at >= show.scenes.length - 1) {
      finish(true);
      return;
    }
    show.at += 1;
    draw();
  }

  function back() {
    if (!show || !show.scenes || show.at === 0) return;
    show.auto = false; // looking back: the person leads from here
    show.at -= 1;
    draw();
  }

  function skip() {
    queue.length = 0; // back to the table: a second scoring waiting is skipped too
    finish(true);
  }

  // `more`: play the next one waiting; `quiet`: another takes its place at once (the table
  // is not told the show is over)
  function finish(more, quiet = false) {
    if (!show) return;
    const { seq, manual } = show;
    clearTimeout(show.timer);
    show = null;
    if (dialog && dialog.open) dialog.close();
    if (manual) { // back to the log's button that asked for it (the log may be redrawn)
      const button = document.querySelector(`#log button.scenes-show[data-seq="${seq}"]`);
      if (button) button.focus();
    }
    if (quiet) return;
    if (more && queue.length) {
      play(queue.shift(), false);
      return;
    }
    onClose();
  }

  // The log line's "Show" button for a step with scenes.
  function button(line) {
    return el("button", {
      type: "button", class: "scenes-show", "data-seq": line.seq,
      "aria-label": t("scenes.show_label", { move: line.seq + 1 }),
      onclick: () => play(line.seq, true),
    }, t("scenes.show"));
  }

  return { consider, play, button, active: () => show !== null };
}
