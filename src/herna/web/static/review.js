// The review page (/review/{table}?seat=N): a finished game's decisions of one seat, each
// rated by the hard bot's estimate of the seat's chances before and after it. The page asks
// the server to start the review (POST, the same answer if it is done or running), shows how
// far it is until it is done (polling), then draws a chart of the chances, the decisions
// (the costly ones flagged), the sums per phase, and a chosen decision's position on the
// board with the move played and the better move marked as a move and a hint are.
import {
  api, currentLang, el, languagePicker, loadWords, plural, seatChoice, t,
} from "./herna.js";
import { drawDrawing } from "./board.js";

const path = window.location.pathname.split("/").filter(Boolean); // ["review", id]
const tableId = decodeURIComponent(path[1] || "");
const asked = new URLSearchParams(window.location.search);
let seat = /^\d+$/.test(asked.get("seat") || "") ? Number(asked.get("seat")) : 0;
let answer = null; // the review drawn (or its progress)
let picked = null; // the record step of the decision shown on the board
let latest = 0; // the newest request: a late answer for another seat is not drawn
let timer = null; // the next poll while the review runs
const POLL_MS = 600;
const narrow = window.matchMedia("(max-width: 800px)");

const base = () => `/api/tables/${encodeURIComponent(tableId)}`;

function percent(x) {
  return new Intl.NumberFormat(currentLang(), { style: "percent", maximumFractionDigits: 0 })
    .format(x);
}

// Start (or read) the review of `seat`, then poll until it is done.
async function load(method = "POST") {
  clearTimeout(timer);
  const mine = ++latest;
  const query = new URLSearchParams({ seat, lang: currentLang() });
  let got;
  try {
    got = await api(`${base()}/review?${query}`, { method });
  } catch (e) {
    // polled by another server process, which does not run it: ask again to have it
    // (kept by then, or started there)
    if (mine === latest && method === "GET" && e.status === 404) load();
    else if (mine === latest) showProblem(e.message);
    return;
  }
  if (mine !== latest) return;
  show(got);
}

function show(got) {
  answer = got;
  drawHead(got);
  if (got.state === "running") {
    timer = setTimeout(() => load("GET"), POLL_MS);
    return;
  }
  drawPhases(got.review);
  drawList(got.review);
  const items = got.review.decisions;
  const again = items.find((d) => d.step === picked);
  const first = items.find((d) => d.flag) || items.find((d) => d.drop !== null) || items[0];
  if (again || first) pick((again || first).step, false);
}

function showProblem(text) {
  const box = document.getElementById("review-head");
  let problem = document.getElementById("problem");
  if (!problem) {
    problem = el("p", { class: "error", role: "alert", id: "problem" });
    box.append(problem,
      el("button", { type: "button", id: "review-again", onclick: () => load() },
        t("review.again")));
  }
  problem.textContent = text;
}

// ----- the head: whose review, how far it is, the way to the replay -------------------------
function drawHead(got) {
  const title = `${t(`game.${got.game}.name`)} · ${t("review.title")}`;
  document.getElementById("title").textContent = title;
  document.title = `${title} · Herna`;
  const box = document.getElementById("review-head");
  const options = got.seats.map((s) => [String(s.seat), seatChoice(s)]);
  const select = el("select", { id: "review-seat", onchange: (e) => pickSeat(e.target.value) },
    options.map(([value, label]) => el("option", { value }, label)));
  select.value = String(got.seat);
  const replay = el("a", {
    class: "button", id: "review-replay",
    href: `/r/${encodeURIComponent(tableId)}?seat=${got.seat}${
      picked !== null ? `&step=${picked}` : ""}`,
  }, t("table.replay"));
  const parts = [el("h2", {}, t("review.link")),
    el("label", { class: "option", for: "review-seat" }, el("span", {}, t("review.seat")),
      select)];
  if (got.state === "running") {
    parts.push(el("p", { id: "review-progress", role: "status" },
      el("span", { class: "spinner", "aria-hidden": "true" }),
      t("review.working", { done: got.done, total: got.total })),
    el("progress", { max: Math.max(1, got.total), value: got.done,
      "aria-label": t("review.working", { done: got.done, total: got.total }) }));
  } else {
    const r = got.review;
    const mistakes = r.decisions.filter((d) => d.flag === "mistake").length;
    const blunders = r.decisions.filter((d) => d.flag === "blunder").length;
    parts.push(el("p", { class: "hint" }, t(r.chance ? "review.by" : "review.by_solo",
      { by: r.by })),
    el("p", { id: "review-sum" }, mistakes + blunders === 0 ? t("review.none_flagged")
      : [plural("review.n_mistakes", mistakes), plural("review.n_blunders", blunders)]
        .join(" · ")));
    parts.push(chart(r));
  }
  parts.push(el("p", { class: "replay-line" }, replay));
  box.replaceChildren(...parts);
  document.body.dataset.review = got.state; // tests wait on it
}

function pickSeat(value) {
  seat = Number(value);
  picked = null;
  keepUrl();
  for (const id of ["review-moment", "review-phases", "review-list"]) {
    document.getElementById(id).hidden = true;
  }
  document.body.classList.add("no-moment");
  document.body.dataset.review = ""; // asked for: not drawn yet
  load();
}

function keepUrl() {
  const query = new URLSearchParams({ seat });
  if (picked !== null) query.set("step", picked);
  window.history.replaceState(null, "", `/review/${encodeURIComponent(tableId)}?${query}`);
}

// The chances after each decision as a line (the chances before a flagged one, and its drop,
// as a red stroke): a picture only; the list below says the same in words.
function chart(r) {
  const ns = "http://www.w3.org/2000/svg";
  const rated = r.decisions.filter((d) => d.drop !== null);
  const svg = document.createElementNS(ns, "svg");
  const w = Math.max(10, rated.length - 1);
  svg.setAttribute("viewBox", `0 0 ${w} 100`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "review-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("review.chart"));
  const line = (points, cls) => {
    const p = document.createElementNS(ns, "polyline");
    p.setAttribute("points", points.map(([x, y]) => `${x},${100 - y * 100}`).join(" "));
    p.setAttribute("class", cls);
    p.setAttribute("vector-effect", "non-scaling-stroke");
    svg.append(p);
  };
  line([[0, 0.5], [w, 0.5]], "mid");
  if (rated.length) line(rated.map((d, i) => [i, d.after]), "after");
  rated.forEach((d, i) => {
    if (d.flag) line([[i, d.before], [i, d.after]], `drop ${d.flag}`);
  });
  return el("div", { class: "chart-box" }, svg);
}

// ----- the decisions ------------------------------------------------------------------------
function verdict(d) {
  if (d.forced) return t("review.forced");
  if (d.drop === null) {
    if (d.kind === "pass" && d.phase === "race") return t("review.gave_up");
    if (d.seconds !== null) return t("review.solved", { seconds: number(d.seconds) });
    return t("review.not_rated");
  }
  return t("review.chances", { before: percent(d.before), after: percent(d.after) });
}

function number(x) {
  return new Intl.NumberFormat(currentLang(), { maximumFractionDigits: 1 }).format(x);
}

function drawList(r) {
  const box = document.getElementById("review-list");
  box.hidden = false;
  const list = el("ol", { class: "review-decisions", "aria-label": t("review.decisions") },
    r.decisions.map((d) => el("li", { class: d.flag || "", "data-step": d.step },
      el("button", {
        type: "button", class: "review-decision", "data-step": d.step,
        "aria-current": d.step === picked ? "step" : null, onclick: () => pick(d.step, true),
      },
      el("span", { class: "at" }, t("review.step", { n: d.step + 1 })),
      el("span", { class: "what" }, d.played.words),
      el("span", { class: "how" }, verdict(d)),
      d.flag ? el("span", { class: `flag ${d.flag}` }, d.flag_words) : null))));
  box.replaceChildren(el("h2", {}, t("review.decisions")),
    el("p", { class: "hint" }, t("review.pick")), list);
}

function drawPhases(r) {
  const box = document.getElementById("review-phases");
  box.hidden = false;
  const rows = r.phases.map((p) => {
    const counts = [plural("review.n_decisions", p.decisions)];
    if (p.rated) {
      counts.push(plural("review.n_mistakes", p.mistakes), plural("review.n_blunders",
        p.blunders), t("review.lost", { lost: percent(p.lost) }));
    }
    if (p.mean_seconds !== null) {
      counts.push(t("review.mean_time", { seconds: number(p.mean_seconds) }));
    }
    if (p.gave_up) counts.push(plural("review.n_gave_up", p.gave_up));
    return el("li", { "data-phase": p.phase }, el("b", {}, p.words),
      el("span", { class: "sub" }, counts.join(" · ")));
  });
  box.replaceChildren(el("h2", {}, t("review.phases")),
    el("ul", { class: "review-phases" }, rows));
}

// ----- one decision on the board ------------------------------------------------------------
async function pick(step, byHand) {
  const d = answer && answer.review && answer.review.decisions.find((x) => x.step === step);
  if (!d) return;
  picked = step;
  keepUrl();
  for (const b of document.querySelectorAll(".review-decision")) {
    b.setAttribute("aria-current", Number(b.dataset.step) === step ? "step" : "false");
  }
  const replay = document.getElementById("review-replay");
  if (replay) replay.href = `/r/${encodeURIComponent(tableId)}?seat=${seat}&step=${step}`;
  drawMoment(d);
  const mine = ++latest;
  const query = new URLSearchParams({ step, seat, lang: currentLang() });
  let payload;
  try {
    payload = await api(`${base()}/replay?${query}`);
  } catch (e) {
    if (mine === latest) showProblem(e.message);
    return;
  }
  if (mine !== latest) return;
  const board = document.getElementById("board");
  document.body.classList.remove("no-moment");
  drawDrawing(board, payload);
  mark(board, d);
  board.dataset.step = step; // drawn: tests wait on it
  if (byHand && narrow.matches) {
    document.querySelector(".review-main").scrollIntoView({ block: "start" });
  }
}

// The move played gets a move's mark (chosen), the better one a hint's (hinted), as many of
// a part's namesakes as each move uses.
function mark(board, d) {
  const marks = [["chosen", d.played.parts], ["hinted", d.best && d.best.text !== d.played.text
    ? d.best.parts : []]];
  for (const [cls, parts] of marks) {
    const want = new Map();
    for (const name of parts || []) want.set(name, (want.get(name) || 0) + 1);
    const seen = new Map();
    for (const node of board.querySelectorAll("[data-part]")) {
      const name = node.dataset.part;
      const k = seen.get(name) || 0;
      seen.set(name, k + 1);
      node.classList.toggle(cls, k < (want.get(name) || 0));
    }
  }
}

function drawMoment(d) {
  const box = document.getElementById("review-moment");
  box.hidden = false;
  const same = d.best && d.best.text === d.played.text;
  box.replaceChildren(...[
    el("h2", {}, t("review.step", { n: d.step + 1 }), " · ", d.phase_words,
      d.flag ? el("span", { class: `flag ${d.flag}` }, d.flag_words) : null),
    el("p", { class: "played-line" }, el("span", { class: "played-mark", "aria-hidden": "true" }),
      t("review.played_move", { move: d.played.words })),
    d.best && !same ? el("p", { class: "better-line" },
      el("span", { class: "hint-mark", "aria-hidden": "true" }),
      t("review.better_move", { move: d.best.words })) : null,
    same ? el("p", { class: "hint" }, t("review.same")) : null,
    el("p", { class: "how" }, verdict(d))].filter(Boolean));
  document.getElementById("announce").textContent = [t("review.step", { n: d.step + 1 }),
    d.flag_words, t("review.played_move", { move: d.played.words }),
    d.best && !same ? t("review.better_move", { move: d.best.words }) : ""]
    .filter(Boolean).join(". ");
}

// ----- start --------------------------------------------------------------------------------
async function main() {
  await loadWords();
  const step = asked.get("step");
  if (step && /^\d+$/.test(step)) picked = Number(step);
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => load()));
  load();
}

main();
