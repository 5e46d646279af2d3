// Ubongo practice: one puzzle at a time from the server (GET /api/practice/puzzle, .../daily),
// laid by dragging with the table page's own Ubongo module (games/ubongo.js), checked by the
// engine (POST /api/practice/check), and after a give-up one solution laid piece by piece
// (GET /api/practice/solution). Three modes: the ladder (a level up for a solve within the
// target time, down for a give-up or a slow solve: the server says which), the daily puzzle
// (the same for everyone on the server that day) and time attack (as many puzzles as
// possible in three minutes at the ladder's level). No rules here: the page times the solve,
// keeps the progress in this browser, and shows what the server says. Signed in on a server
// with accounts, the progress is the account's, kept by the server from the checks it made
// (GET /api/practice/progress, a check's `progress`): the same on every device; this
// browser's own stays for when nobody is signed in.
import { api, currentLang, el, languagePicker, loadWords, plural, t } from "./herna.js";
import { mount } from "./games/ubongo.js";

const MODES = ["ladder", "daily", "attack"];
const ATTACK_MS = 3 * 60 * 1000;
const STEP_MS = 1000; // a piece of the solution laid every second while it plays
const MAX_SEED = 2 ** 31 - 1;

// ----- progress, kept in this browser ------------------------------------------------------
// One object under herna.practice: the ladder's level, the results (newest first, each what
// the server answered about one puzzle or one time attack, so they can move to an account's
// history on the server as they are) and the personal bests per mode.
const STORE_KEY = "herna.practice";
const KEEP_RESULTS = 300;

function fresh() {
  return { version: 1, level: 1, results: [], bests: { ladder: 0, daily: {}, attack: {} } };
}

function loadProgress() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    if (!kept || kept.version !== 1 || typeof kept !== "object") return fresh();
    const out = fresh();
    if (Number.isInteger(kept.level) && kept.level >= 1) out.level = kept.level;
    if (Array.isArray(kept.results)) out.results = kept.results.slice(0, KEEP_RESULTS);
    const b = kept.bests || {};
    if (Number.isInteger(b.ladder)) out.bests.ladder = b.ladder;
    if (b.daily && typeof b.daily === "object") out.bests.daily = b.daily;
    if (b.attack && typeof b.attack === "object") out.bests.attack = b.attack;
    return out;
  } catch {
    return fresh();
  }
}

let progress = loadProgress();
let account = null; // the signed-in account whose progress the server keeps, or null

// The account's progress as the server answered it, in the shape this page keeps its own.
function fromServer(p) {
  return { version: 1, level: p.level, results: progress.results, solves: p.solves,
    bests: { ladder: p.bests.ladder, daily: p.bests.daily, attack: p.bests.attack } };
}

function keep() {
  if (account) return; // the server keeps it: this browser's own stays as it was
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(progress));
  } catch { /* storage full or off: the page goes on, the progress is not kept */ }
}

function record(result) {
  progress.results.unshift({ ...result, at: new Date().toISOString() });
  progress.results = progress.results.slice(0, KEEP_RESULTS);
  keep();
}

// ----- words and numbers in the page's language --------------------------------------------
function secondsText(x, digits = 1) {
  return new Intl.NumberFormat(currentLang(), {
    style: "unit", unit: "second", unitDisplay: "short",
    minimumFractionDigits: 0, maximumFractionDigits: digits,
  }).format(x);
}

function minutesText(n) {
  return new Intl.NumberFormat(currentLang(), { style: "unit", unit: "minute", unitDisplay: "long" })
    .format(n);
}

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function say(text) {
  document.getElementById("announce").textContent = text;
}

// ----- state --------------------------------------------------------------------------------
let mode = MODES.includes(window.location.hash.slice(1)) ? window.location.hash.slice(1) : "ladder";
let phase = "loading"; // loading | solving | checking | solved | solution | ready | over | error
let puzzle = null; // the server's puzzle shown
let startedAt = 0; // performance.now() when it was drawn
let finished = null; // seconds the solve took
let message = "";
let solution = null; // {placements, step, timer}
let attack = null; // {level, ends, solved, skipped, next: Promise of the next puzzle}
let clock = null;
let turn = 0; // which request is the page's own: answers to older ones are dropped
let drag = null; // the Ubongo module on the board

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] & MAX_SEED;
}

function fetchPuzzle(level, seed = randomSeed()) {
  const query = new URLSearchParams({ level, seed, lang: currentLang() });
  return api(`/api/practice/puzzle?${query}`);
}

// A puzzle asked for before it is needed (time attack's next): a failure counts only when
// it is shown, never as an error nobody handled.
function prefetch(level) {
  const coming = fetchPuzzle(level);
  coming.catch(() => {});
  return coming;
}

function fetchDaily() {
  return api(`/api/practice/daily?${new URLSearchParams({ lang: currentLang() })}`);
}

// What the drag module reads (a table's payload has the same shape): my seat acts, the
// puzzle's geometry in `extra`, open while it is being solved.
function forModule(open) {
  return { seat: 0, to_act: [0], prompt: null, view: { round: 0 },
    extra: { ...puzzle.extra, open } };
}

// What `request` answers, as { answer }, if the page is still at turn `mine` when it does;
// null if it failed (the page goes back to `failPhase` and says why) or a newer step
// (another puzzle, another mode) took over meanwhile.
async function answerOf(request, mine, failPhase) {
  try {
    const answer = await request;
    return mine === turn ? { answer } : null;
  } catch (e) {
    if (mine === turn) {
      phase = failPhase;
      message = e.message;
      render();
    }
    return null;
  }
}

async function show(source) {
  const mine = ++turn;
  phase = "loading";
  message = "";
  solution = stopSolution();
  if (puzzle) drag.update(forModule(false), submit); // nothing more is laid on it
  render();
  const got = await answerOf(source(), mine, "error");
  if (!got) return;
  puzzle = got.answer;
  finished = null;
  phase = "solving";
  drawPuzzle();
  startedAt = performance.now();
  render();
  tick();
}

const NO_PUZZLE = { seat: 0, to_act: [0], view: { round: 0 },
  extra: { card: null, pieces: [], open: false } };

function drawPuzzle() {
  const board = document.getElementById("puzzle-board");
  board.innerHTML = puzzle ? puzzle.svg : "";
  board.dataset.puzzle = puzzle ? puzzle.id : "";
  drag.update(puzzle ? forModule(phase === "solving") : NO_PUZZLE, submit);
}

// ----- solving ------------------------------------------------------------------------------
async function submit(text) {
  if (phase !== "solving" || !puzzle) return;
  const seconds = Math.max(0.1, Math.round((performance.now() - startedAt) / 100) / 10);
  const mine = turn;
  phase = "checking";
  render();
  const got = await answerOf(api("/api/practice/check", {
    method: "POST",
    body: { puzzle: puzzle.id, placement: text, seconds, lang: currentLang(), mode },
  }), mine, "solving");
  if (!got) return;
  const answer = got.answer;
  if (!answer.solved) {
    phase = "solving";
    message = t("practice.wrong", { reason: answer.reason });
    render();
    return;
  }
  if (answer.progress) progress = fromServer(answer.progress);
  if (mode === "attack") {
    attack.solved += 1;
    say(t("practice.attack_solved", { count: plural("practice.puzzles", attack.solved) }));
    nextAttack();
    return;
  }
  finished = seconds;
  phase = "solved";
  drag.update(forModule(false), submit);
  drag.show(answer.placements, { still: true });
  const parts = [t("practice.solved", { time: answer.time_text })];
  if (mode === "ladder") {
    const step = answer.ladder;
    record({ mode, puzzle: puzzle.id, level: puzzle.level, solved: true, seconds,
      next: step.next });
    if (!account) {
      progress.level = step.next;
      progress.bests.ladder = Math.max(progress.bests.ladder, step.next, puzzle.level);
    }
    keep();
    parts.push(t(`practice.pace.${step.pace}`), t(`practice.move.${step.move}`,
      { level: step.next }));
  } else {
    record({ mode, puzzle: puzzle.id, level: puzzle.level, solved: true, seconds,
      date: puzzle.date });
    const before = progress.bests.daily[puzzle.date];
    if (!account && (before === undefined || seconds < before)) {
      progress.bests.daily[puzzle.date] = seconds;
    }
    trimDays();
    keep();
    parts.push(t("practice.daily_next"));
  }
  message = parts.join(" ");
  say(message);
  render();
  document.getElementById("practice-next")?.focus({ preventScroll: true });
}

function trimDays() {
  const days = Object.keys(progress.bests.daily).sort();
  for (const old of days.slice(0, Math.max(0, days.length - 400))) {
    delete progress.bests.daily[old];
  }
}

// Give up: the solver's solution, laid piece by piece (Next piece, or Play).
async function giveUp() {
  if (phase !== "solving" || !puzzle) return;
  const mine = turn;
  phase = "checking";
  render();
  const got = await answerOf(api(`/api/practice/solution?${new URLSearchParams({
    puzzle: puzzle.id, lang: currentLang() })}`), mine, "solving");
  if (!got) return;
  const answer = got.answer;
  finished = (performance.now() - startedAt) / 1000;
  phase = "solution";
  solution = { placements: answer.placements, step: 0, timer: null };
  drag.update(forModule(false), submit);
  drag.show([], { still: true });
  const step = answer.ladder;
  if (mode === "ladder") {
    record({ mode, puzzle: puzzle.id, level: puzzle.level, solved: false, seconds: null,
      next: step.next });
    progress.level = step.next;
    if (account) { // the account's ladder goes down on the server
      const kept = await api("/api/practice/give-up", {
        method: "POST", body: { puzzle: puzzle.id, lang: currentLang() },
      }).catch(() => null);
      if (kept) progress = fromServer(kept);
    }
    keep();
    message = `${t("practice.pace.gave_up")} ${t(`practice.move.${step.move}`,
      { level: step.next })}`;
  } else {
    record({ mode, puzzle: puzzle.id, level: puzzle.level, solved: false, seconds: null,
      date: puzzle.date });
    message = t("practice.pace.gave_up");
  }
  say(message);
  render();
  document.getElementById("solution-step")?.focus({ preventScroll: true });
}

function stepSolution() {
  if (!solution || solution.step >= solution.placements.length) return;
  solution.step += 1;
  drag.show(solution.placements.slice(0, solution.step), { still: reducedMotion() });
  const laid = solution.placements[solution.step - 1];
  say(t("practice.laid", { piece: laid.piece, n: solution.step,
    total: solution.placements.length }));
  if (solution.step >= solution.placements.length) pauseSolution();
  render();
}

function playSolution() {
  if (!solution) return;
  if (solution.timer) {
    pauseSolution();
  } else {
    if (solution.step >= solution.placements.length) {
      solution.step = 0;
      drag.show([], { still: true });
    }
    solution.timer = setInterval(stepSolution, reducedMotion() ? 2 * STEP_MS : STEP_MS);
    stepSolution();
  }
  render();
}

function pauseSolution() {
  if (solution && solution.timer) {
    clearInterval(solution.timer);
    solution.timer = null;
  }
}

function stopSolution() {
  pauseSolution();
  return null;
}

// ----- time attack --------------------------------------------------------------------------
async function startAttack() {
  const level = progress.level;
  if (account) { // the server's clock times it: only the solves it checks in time count
    await api("/api/practice/attack", { method: "POST", body: { level, lang: currentLang() } })
      .catch(() => null);
  }
  attack = { level, ends: performance.now() + ATTACK_MS, solved: 0, skipped: 0,
    best: Number(progress.bests.attack[level] || 0), // before this one (the server's moves)
    next: prefetch(level) };
  nextAttack();
}

function nextAttack() {
  if (!attack) return;
  const coming = attack.next;
  attack.next = prefetch(attack.level); // made while this one is solved
  show(() => coming);
}

function skipAttack() {
  if (!attack || phase !== "solving") return;
  attack.skipped += 1;
  nextAttack();
}

function endAttack() {
  const done = attack;
  attack = null;
  clearInterval(clock);
  turn += 1; // a puzzle still on its way is not shown
  phase = "over";
  puzzle = null; // the one left unsolved goes: the result takes its place
  drawPuzzle();
  const best = done.best;
  record({ mode: "attack", level: done.level, solved: done.solved, skipped: done.skipped,
    seconds: ATTACK_MS / 1000 });
  const parts = [t("practice.attack_over", {
    count: plural("practice.puzzles", done.solved), level: done.level })];
  if (done.solved > best) {
    if (!account) progress.bests.attack[done.level] = done.solved;
    keep();
    if (done.solved) parts.push(t("practice.attack_best"));
  }
  message = parts.join(" ");
  say(message);
  render();
}

// ----- choosing a mode ----------------------------------------------------------------------
function choose(next) {
  mode = next;
  history.replaceState(null, "", next === "ladder" ? window.location.pathname : `#${next}`);
  attack = null;
  solution = stopSolution();
  message = "";
  if (next === "ladder") {
    show(() => fetchPuzzle(progress.level));
  } else if (next === "daily") {
    show(fetchDaily);
  } else {
    turn += 1;
    puzzle = null;
    phase = "ready";
    drawPuzzle();
    render();
  }
}

// ----- drawing ------------------------------------------------------------------------------
function tick() {
  clearInterval(clock);
  clock = setInterval(drawClock, 100);
  drawClock();
}

function drawClock() {
  const node = document.getElementById("clock");
  if (!node) return;
  if (attack) {
    const left = attack.ends - performance.now();
    if (left <= 0) {
      endAttack();
      return;
    }
    node.textContent = t("practice.left", { time: clockText(left) });
    node.style.setProperty("--sand", `${1 - left / ATTACK_MS}`);
    node.hidden = false;
    return;
  }
  node.style.setProperty("--sand", "0");
  if (phase === "solving" || phase === "checking") {
    node.textContent = t("practice.time", {
      time: secondsText((performance.now() - startedAt) / 1000) });
  } else if (finished !== null && phase === "solved") {
    node.textContent = t("practice.time", { time: secondsText(finished) });
  } else {
    node.textContent = "";
  }
  node.hidden = !node.textContent;
}

function heading() {
  if (mode === "daily") {
    return puzzle && puzzle.date_text ? t("practice.daily_of", { date: puzzle.date_text })
      : t("practice.mode.daily");
  }
  if (mode === "attack") {
    return t("practice.attack_title", { level: attack ? attack.level : progress.level,
      levels: puzzle ? puzzle.levels : 10 });
  }
  return t("practice.level", { level: puzzle ? puzzle.level : progress.level,
    levels: puzzle ? puzzle.levels : 10 });
}

function line() {
  if (mode === "attack") {
    if (!attack) return t("practice.attack_intro", { time: minutesText(ATTACK_MS / 60000),
      level: progress.level });
    return t("practice.attack_solved", { count: plural("practice.puzzles", attack.solved) });
  }
  if (!puzzle) return "";
  if (mode === "daily") { // the daily puzzle moves no ladder: its target is only a measure
    const mine = progress.bests.daily[puzzle.date];
    const level = t("practice.level", { level: puzzle.level, levels: puzzle.levels });
    return `${level} · ${mine === undefined ? t("practice.daily_target",
      { target: puzzle.target_text }) : t("practice.daily_done", { time: secondsText(mine) })}`;
  }
  return t("practice.target", { target: puzzle.target_text, slow: puzzle.slow_text });
}

function render() {
  document.title = `${t("practice.title")} · Herna`;
  document.getElementById("title").textContent = t("practice.title");
  for (const button of document.querySelectorAll(".modes .mode")) {
    button.textContent = t(`practice.mode.${button.dataset.mode}`);
    button.setAttribute("aria-pressed", button.dataset.mode === mode ? "true" : "false");
  }
  document.querySelector(".modes").setAttribute("aria-label", t("practice.modes"));
  document.getElementById("puzzle-title").textContent = heading();
  document.getElementById("puzzle-line").textContent = line();
  const box = document.getElementById("practice-turn");
  box.dataset.phase = phase;
  const state = document.getElementById("practice-state");
  state.textContent = {
    loading: t("practice.loading"), checking: t("practice.checking"),
    solution: t("practice.solution"),
  }[phase] || "";
  state.className = phase === "solution" ? "solution-title" : "hint";
  const note = document.getElementById("practice-message");
  note.textContent = message;
  note.className = phase === "solving" && message ? "error" : "hint result";
  document.getElementById("practice-actions").replaceChildren(...actions());
  drawBests();
  drawClock();
}

function button(id, words, onclick, primary = false) {
  return el("button", { type: "button", id, class: primary ? "primary" : "", onclick }, words);
}

function actions() {
  if (phase === "solving" && mode === "attack") {
    return [button("practice-skip", t("practice.skip"), skipAttack)];
  }
  if (phase === "solving") return [button("practice-give-up", t("practice.give_up"), giveUp)];
  if (phase === "ready") {
    return [button("attack-start", t("practice.attack_start"), startAttack, true)];
  }
  if (phase === "over") {
    return [button("attack-start", t("practice.attack_again"), startAttack, true)];
  }
  const out = [];
  if (phase === "solution") {
    const total = solution.placements.length;
    const step = button("solution-step", t("practice.step"), stepSolution);
    step.disabled = solution.step >= total;
    out.push(el("p", { class: "solution-count", id: "solution-count" },
      t("practice.laid_count", { n: solution.step, total })),
    el("div", { class: "moves" }, step, button("solution-play",
      solution.timer ? t("practice.pause") : t("practice.play"), playSolution)));
    if (solution.step >= total) {
      out.push(el("p", { class: "hint" }, plural("practice.solutions", puzzle.grade.solutions)));
    }
  }
  if (["solved", "solution", "error"].includes(phase) && mode === "ladder") {
    out.push(button("practice-next", t("practice.next"), () => choose("ladder"), true));
  }
  if (["solved", "solution"].includes(phase) && mode === "daily") {
    out.push(button("practice-next", t("practice.to_ladder"), () => choose("ladder"), true));
  }
  if (phase === "error" && mode === "daily") {
    out.push(button("practice-next", t("practice.retry"), () => choose("daily"), true));
  }
  if (phase === "error" && mode === "attack" && attack) {
    out.push(button("practice-next", t("practice.retry"), () => {
      attack.next = prefetch(attack.level);
      nextAttack();
    }, true));
  }
  return out;
}

function drawBests() {
  const rows = [];
  const b = progress.bests;
  if (account && progress.solves) rows.push(plural("practice.solves", progress.solves));
  if (b.ladder) rows.push(t("practice.best.ladder", { level: b.ladder }));
  const days = Object.values(b.daily).filter((x) => typeof x === "number");
  if (days.length) {
    rows.push(t("practice.best.daily", { time: secondsText(Math.min(...days)),
      days: plural("practice.days", days.length) }));
  }
  for (const [level, n] of Object.entries(b.attack).sort((x, y) => Number(x[0]) - Number(y[0]))) {
    if (n) rows.push(t("practice.best.attack", { level, count: plural("practice.puzzles", n) }));
  }
  document.getElementById("bests").replaceChildren(el("h2", {}, t("practice.bests")),
    rows.length ? el("ul", { class: "bests" }, rows.map((r) => el("li", {}, r)))
      : el("p", { class: "hint" }, t("practice.best.none")),
    el("p", { class: "hint", id: "practice-kept" }, account
      ? t("practice.kept_account", { name: account }) : t("practice.kept")));
}

function skeleton() {
  document.getElementById("practice").replaceChildren(
    el("nav", { class: "modes" }, MODES.map((m) => el("button", {
      type: "button", class: "mode", "data-mode": m, onclick: () => choose(m),
    }))),
    el("div", { class: "practice-grid" },
      el("section", { class: "panel puzzle", id: "puzzle-box", "aria-labelledby": "puzzle-title" },
        el("h2", { id: "puzzle-title" }),
        el("p", { id: "puzzle-line", class: "hint" }),
        el("div", { id: "clock", class: "clock", role: "timer" }),
        el("div", { id: "puzzle-board" })),
      el("div", { class: "practice-side" },
        el("section", { id: "practice-turn", class: "panel" },
          el("p", { id: "practice-state", class: "waiting" }),
          el("div", { id: "practice-controls" }),
          el("p", { id: "practice-message" }), // read aloud through #announce
          el("div", { id: "practice-actions" })),
        el("section", { id: "bests", class: "panel" }))));
  drag = mount(document.getElementById("puzzle-board"), {
    controls: () => document.getElementById("practice-controls"),
  });
}

// Signed in on a server with accounts: the account's progress (and, if it has practised
// nothing yet, this browser's ladder level moved to it first).
async function signedIn() {
  let got = await api("/api/practice/progress").catch(() => null);
  if (!got || !got.account) return;
  if (!got.solves && !got.gave_up && got.level === 1 && progress.level > 1) {
    got = await api("/api/practice/progress", {
      method: "POST", body: { level: progress.level, lang: currentLang() },
    }).catch(() => got);
  }
  account = got.account;
  progress = fromServer(got);
}

async function main() {
  await loadWords();
  await signedIn();
  skeleton();
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => {
    // the same puzzle, drawn in the new language; what is laid on it stays
    if (puzzle && phase !== "loading") {
      const id = puzzle.id;
      const [level, seed] = id.split("-");
      const again = puzzle.date ? fetchDaily() : fetchPuzzle(level, seed);
      again.then((p) => {
        if (!puzzle || puzzle.id !== id) return;
        puzzle = p;
        document.getElementById("puzzle-board").innerHTML = p.svg;
        drag.update(forModule(phase === "solving"), submit);
        if (solution) drag.show(solution.placements.slice(0, solution.step), { still: true });
        render();
      }).catch(() => render());
    }
    render();
  }));
  choose(mode);
}

main();
