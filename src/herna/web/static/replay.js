// The replay page (/r/{id}?step=N&seat=S): a finished table, or a game record opened from a
// file, step by step as any seat or as a spectator. Each step is drawn as the table was (the
// server sends the same drawing, log and scores); the URL keeps the step and the seat, so a
// link shares exactly what is on the screen. One step forward flies the things that moved,
// as the table does (travel.js), and a scoring in the log has its "Show" (scenes.js).
import {
  api, copyLink, currentLang, el, languagePicker, loadWords, plural, seatChoice, t,
} from "./herna.js";
import {
  drawDrawing, logList, number, outcomeTable, playerList, reducedMotion,
} from "./board.js";
import { createScenes } from "./scenes.js";
import { chosenSpeed, measure, play, settle, TRAVEL } from "./travel.js";

const path = window.location.pathname.split("/").filter(Boolean); // ["r"] or ["r", id]
const replayId = path.length > 1 ? decodeURIComponent(path[1]) : null;
const asked = new URLSearchParams(window.location.search);
let step = Math.max(0, Number.parseInt(asked.get("step") || "0", 10) || 0);
let seat = asked.get("seat") || "spectator"; // a seat number as text, or "spectator"
let steps = null; // how many moves the game has, once the server has said
let shown = null; // the payload drawn
let latest = 0; // the newest request: an older answer arriving late is not drawn
let target = step; // the step last asked for: keys pressed fast step on from it, not from
// the one still drawn
const kept = new Map(); // "step/seat/lang" -> payload, the last few (back and forth is instant)
// a scoring round of the log, shown step by step from the replay's own scenes
const scenes = replayId && createScenes({
  tableId: replayId, speed: chosenSpeed, onClose: () => {},
  path: (seq, code) => `/api/replays/${encodeURIComponent(replayId)}/scenes/${seq}?lang=${
    encodeURIComponent(code)}`,
});

async function fetchStep(n, who) {
  const key = `${n}/${who}/${currentLang()}`;
  if (kept.has(key)) return kept.get(key);
  const query = new URLSearchParams({ step: n, lang: currentLang() });
  if (who !== "spectator") query.set("seat", who);
  const payload = await api(`/api/replays/${encodeURIComponent(replayId)}?${query}`);
  kept.set(key, payload);
  while (kept.size > 40) kept.delete(kept.keys().next().value);
  return payload;
}

// Show step `n` as `who` sees it (clamped to the game's moves).
async function go(n, who = seat) {
  if (steps !== null) n = Math.min(Math.max(0, n), steps);
  const mine = ++latest;
  target = n;
  let payload;
  try {
    payload = await fetchStep(n, who);
  } catch (e) {
    if (mine === latest) {
      target = step;
      showProblem(e.message);
    }
    return;
  }
  if (mine !== latest) return;
  step = payload.step;
  seat = who;
  steps = payload.steps;
  draw(payload);
  keepUrl();
  if (step < steps) fetchStep(step + 1, seat).catch(() => {}); // the next one, ready
}

function showProblem(text) {
  const box = document.getElementById("steps");
  box.hidden = false;
  let problem = document.getElementById("problem");
  if (!problem) {
    problem = el("p", { class: "error", role: "alert", id: "problem" });
    box.append(problem);
  }
  problem.textContent = text;
}

// The link of what is shown: the step, and the seat unless a spectator's.
function link() {
  const query = new URLSearchParams({ step });
  if (seat !== "spectator") query.set("seat", seat);
  return `/r/${encodeURIComponent(replayId)}?${query}`;
}

function keepUrl() {
  window.history.replaceState(null, "", link());
  const field = document.getElementById("share-link");
  if (field) field.value = new URL(link(), window.location.origin).href;
}

// ----- drawing ------------------------------------------------------------------------------
// Things travel only for one step forward seen from the same side, in the same words.
function travelTime(last, payload) {
  if (!last || last.seat !== payload.seat || last.lang !== payload.lang
      || payload.step !== last.step + 1) return 0;
  return TRAVEL[chosenSpeed()] || 0;
}

function draw(payload) {
  const last = shown;
  shown = payload;
  const title = `${t(`game.${payload.game}.name`)} · ${t("replay.title")}`;
  document.getElementById("title").textContent = title;
  document.title = `${title} · Herna`;
  const board = document.getElementById("board");
  const travel = travelTime(last, payload);
  settle(); // the last step's flights end where they were going
  const was = travel ? measure(board) : null;
  drawDrawing(board, payload);
  drawSteps(payload);
  drawViewAs(payload);
  drawScores(payload);
  drawLog(payload);
  announce(payload);
  if (was) play(board, was, travel, reducedMotion());
  board.dataset.step = payload.step; // drawn: tests wait on it
  board.dataset.seat = payload.seat ?? "spectator";
}

// The last move's line in the log (the move that led to this step), if any.
function lastMove(payload) {
  const own = payload.log.filter((line) => line.seq === payload.step - 1 && !line.auto);
  return own.length ? own[0] : null;
}

function stepWords(payload) {
  return payload.step === 0 ? plural("replay.at_start", payload.steps)
    : t("replay.step", { n: payload.step, steps: payload.steps });
}

// The controls are made once and updated, so the button in use keeps the focus.
function drawSteps(payload) {
  const box = document.getElementById("steps");
  box.hidden = false;
  if (!document.getElementById("slider")) {
    const button = (id, key, to) => el("button", {
      type: "button", id, "aria-keyshortcuts": key, onclick: () => go(to()),
    }, t(`replay.${id}`));
    box.replaceChildren(
      el("h2", { id: "step-count", "aria-live": "off" }),
      el("p", { id: "step-move", class: "step-move" }),
      el("div", { class: "step-buttons" },
        button("first", "Home", () => 0),
        button("back", "ArrowLeft", () => target - 1),
        button("next", "ArrowRight", () => target + 1),
        button("last", "End", () => steps)),
      el("input", {
        type: "range", id: "slider", min: 0, step: 1, "aria-label": t("replay.slider"),
        oninput: (e) => go(Number(e.target.value)),
      }),
      el("p", { class: "hint keys-hint" }, t("replay.keys")));
  }
  document.getElementById("step-count").textContent = stepWords(payload);
  const move = lastMove(payload);
  document.getElementById("step-move").replaceChildren(...(move
    ? [el("b", {}, move.who), " ", move.words] : [t("replay.before_first")]));
  const slider = document.getElementById("slider");
  slider.max = payload.steps;
  slider.value = payload.step;
  slider.setAttribute("aria-valuetext", stepWords(payload));
  document.getElementById("first").disabled = payload.step === 0;
  document.getElementById("back").disabled = payload.step === 0;
  document.getElementById("next").disabled = payload.step === payload.steps;
  document.getElementById("last").disabled = payload.step === payload.steps;
  const problem = document.getElementById("problem");
  if (problem) problem.remove();
}

// Whose side the game is seen from (any seat: the game is over), and the link to share.
function drawViewAs(payload) {
  const box = document.getElementById("view-as");
  box.hidden = false;
  let select = document.getElementById("seat-pick");
  const options = [["spectator", t("replay.spectator")],
    ...payload.seats.map((s) => [String(s.seat), seatChoice(s)])];
  const signature = JSON.stringify(options);
  if (!select || select.dataset.options !== signature) {
    select = el("select", {
      id: "seat-pick", onchange: (e) => go(target, e.target.value),
    }, options.map(([value, label]) => el("option", { value }, label)));
    select.dataset.options = signature;
    const field = el("input", {
      type: "text", id: "share-link", readonly: true, spellcheck: "false",
      "aria-label": t("replay.link"), onfocus: (e) => e.target.select(),
    });
    const note = el("span", { class: "copied", role: "status", "aria-live": "polite" });
    box.replaceChildren(
      el("label", { class: "option", for: "seat-pick" }, el("span", {}, t("replay.view_as")),
        select),
      el("div", { class: "link-field" }, field, el("div", { class: "link-buttons" },
        el("button", { type: "button", id: "share", onclick: () => copyLink(field, note) },
          t("replay.share")), note)));
  }
  select.value = payload.seat === null ? "spectator" : String(payload.seat);
  reviewLink(box, payload);
  keepUrl();
}

// A finished table's review (the hard bot's rating of a seat's decisions): of the seat seen
// by, the first seat for a spectator. An uploaded record has no table to review.
function reviewLink(box, payload) {
  let link = document.getElementById("review-link");
  if (payload.table === null || !payload.finished) {
    if (link) link.remove();
    return;
  }
  if (!link) {
    link = el("a", { class: "button", id: "review-link", title: t("review.link_title") },
      t("review.link"));
    box.append(el("p", { class: "replay-line" }, link));
  }
  link.href = `/review/${encodeURIComponent(payload.table)}?seat=${payload.seat ?? 0}`;
}

function drawScores(payload) {
  const box = document.getElementById("scores");
  box.hidden = false;
  const score = (s) => (payload.scores[s] === null || payload.scores[s] === undefined
    ? null : number(payload.scores[s]));
  box.replaceChildren(...[el("h2", {}, payload.over ? t("table.over") : t("replay.scores")),
    playerList(payload, score), payload.over ? outcomeTable(payload) : null].filter(Boolean));
}

function drawLog(payload) {
  const box = document.getElementById("log");
  box.hidden = false;
  const list = logList(payload, {
    pick: (seq) => go(seq + 1), current: payload.step - 1,
    extra: (own) => (own.scenes ? [" ", scenes.button(own)] : null), // a scoring, shown
  });
  box.replaceChildren(...[el("h2", {}, t("table.log")),
    payload.log.length ? el("p", { class: "hint" }, t("replay.log_hint")) : null, list]
    .filter(Boolean));
  list.scrollTop = list.scrollHeight;
}

// A screen reader hears the step and its move as the replay moves.
function announce(payload) {
  const move = lastMove(payload);
  document.getElementById("announce").textContent = [stepWords(payload),
    move ? `${move.who}: ${move.words}` : ""].filter(Boolean).join(". ");
}

// ----- opening a record from a file ---------------------------------------------------------
function drawOpen() {
  const error = el("p", { class: "error", role: "alert", id: "open-error" });
  // the browser's own file button speaks the browser's language: it is hidden, and its
  // label, in the page's words, is what a person presses
  const input = el("input", {
    type: "file", id: "record-file", class: "file-input", accept: ".json,application/json",
    onchange: () => openRecord(input, error),
  });
  document.getElementById("open").replaceChildren(
    el("h2", {}, t("replay.open")),
    el("p", { class: "hint" }, t("replay.open_hint")),
    input, el("label", { class: "file-pick", for: "record-file" }, t("replay.choose_file")),
    error);
}

async function openRecord(input, error) {
  error.textContent = "";
  const file = input.files && input.files[0];
  if (!file) return;
  const text = await file.text();
  try {
    JSON.parse(text);
  } catch {
    error.textContent = t("replay.not_json", { file: file.name });
    return;
  }
  // sent as the file holds it: parsed here, a seed above 2^53 would lose its last digits
  const response = await fetch("/api/replays", {
    method: "POST", body: text,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
  }).catch(() => null);
  const made = response ? await response.json().catch(() => null) : null;
  if (response && response.ok && made) {
    window.location.href = made.url;
    return;
  }
  error.textContent = (made && made.reason) || t("status.gone");
}

// ----- start --------------------------------------------------------------------------------
async function main() {
  await loadWords();
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => {
    kept.clear();
    for (const id of ["steps", "view-as"]) document.getElementById(id).replaceChildren();
    drawOpen();
    if (replayId) go(step, seat);
    else showNone();
  }));
  drawOpen();
  if (!replayId) {
    showNone();
    return;
  }
  // a phone keeps the step controls fixed at the bottom: the page makes room for them
  new ResizeObserver(([entry]) => {
    const fixed = getComputedStyle(entry.target).position === "fixed";
    document.body.style.paddingBottom = fixed
      ? `${Math.ceil(entry.target.getBoundingClientRect().height) + 8}px` : "";
  }).observe(document.getElementById("steps"));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !shown || (scenes && scenes.active())) return;
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const to = { ArrowLeft: target - 1, ArrowRight: target + 1, Home: 0, End: steps }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  go(step, seat);
}

// /r alone: no replay yet, only the way to open a record.
function showNone() {
  document.getElementById("title").textContent = t("replay.page_title");
  document.title = `${t("replay.page_title")} · Herna`;
  document.body.classList.add("no-replay");
}

main();
