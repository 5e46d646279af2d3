// What the table and the replay pages both draw from a payload: the game's drawing (one SVG,
// or areas placed in a grid that is one column on a phone), the log, the players with their
// scores and swatches, and the final table. The server sends the drawing; nothing here knows
// a game's rules.
import { currentLang, el, t } from "./herna.js";
import { Idiomorph } from "./vendor/idiomorph-0.8.0.min.js";

// The drawing of a payload in `board`: its areas, else its one SVG.
export function drawDrawing(board, payload) {
  if (payload.areas) {
    drawAreas(board, payload);
  } else {
    drawWhole(board, payload);
  }
}

// A game drawn as one SVG: morphed in place, scaled to the column.
export function drawWhole(board, payload) {
  const svg = (payload.svg || "").replace(/^<\?xml[^>]*>\s*/, "");
  const current = board.querySelector(":scope > svg");
  if (current && current.dataset.game === payload.game) {
    Idiomorph.morph(current, svg, { morphStyle: "outerHTML" });
  } else {
    board.innerHTML = svg;
  }
  const drawn = board.querySelector(":scope > svg");
  if (drawn) {
    drawn.dataset.game = payload.game;
    fitSvg(drawn);
  }
}

export function fitSvg(drawn) {
  const box = (drawn.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (box.length === 4) drawn.style.setProperty("--w", box[2]);
  drawn.removeAttribute("height");
  drawn.setAttribute("width", "100%");
  drawn.setAttribute("preserveAspectRatio", "xMidYMin meet");
  const least = Number(drawn.dataset.minWidth || 0);
  drawn.style.minWidth = least ? `${least}px` : "";
  return least > 0;
}

// A game drawn as areas (the payload's `areas`, in the order a player needs them): a grid
// of sections, one column on a phone. Another seat's area is a row that opens on a tap (open
// on a wide screen) and stays as it was left across redraws; each area's SVG is morphed in
// place, so what a player opened, scrolled or chose survives every push.
const wide = window.matchMedia("(min-width: 801px)");

export function drawAreas(board, payload) {
  let grid = board.querySelector(":scope > .areas");
  if (!grid || grid.dataset.game !== payload.game) {
    board.replaceChildren(el("nav", { class: "jumps", "aria-label": t("table.areas") }),
      el("div", { class: "areas", "data-game": payload.game }));
    grid = board.querySelector(":scope > .areas");
  }
  const wanted = new Set(payload.areas.map((a) => a.id));
  for (const old of [...grid.children]) if (!wanted.has(old.dataset.area)) old.remove();
  let before = grid.firstElementChild;
  for (const area of payload.areas) {
    const other = area.kind === "seat" && area.seat !== payload.seat;
    let section = grid.querySelector(`:scope > [data-area="${CSS.escape(area.id)}"]`);
    if (section && section.classList.contains("other") !== other) { // another seat's view
      if (section === before) before = section.nextElementSibling;
      section.remove();
      section = null;
    }
    if (!section) section = newArea(area, other);
    if (section !== before) grid.insertBefore(section, before);
    before = section.nextElementSibling;
    section.classList.toggle("wide", Boolean(area.wide));
    section.classList.toggle("to-act", area.kind === "seat" && payload.to_act.includes(area.seat));
    section.setAttribute("aria-label", area.title || area.id);
    if (other) {
      const row = section.querySelector("summary");
      row.querySelector(".who").textContent = area.title || "";
      row.querySelector(".sum").textContent = area.summary || "";
      row.querySelector(".swatch")?.remove();
      const mark = swatch(payload, area.seat);
      if (mark) row.prepend(mark);
    }
    const body = section.querySelector(".area-body");
    const text = (area.svg || "").replace(/^<\?xml[^>]*>\s*/, "");
    const current = body.querySelector(":scope > svg");
    if (current) {
      Idiomorph.morph(current, text, { morphStyle: "outerHTML" });
    } else {
      body.innerHTML = text;
    }
    const drawn = body.querySelector(":scope > svg");
    const pans = Boolean(drawn) && fitSvg(drawn);
    body.classList.toggle("pan", pans);
    // A drawing wider than its area pans inside it: a keyboard reaches it too (arrow keys).
    if (pans) {
      body.setAttribute("tabindex", "0");
      body.setAttribute("role", "region");
      body.setAttribute("aria-label", area.title || area.id);
    } else {
      for (const name of ["tabindex", "role", "aria-label"]) body.removeAttribute(name);
    }
  }
  drawJumps(board, payload);
}

function newArea(area, other) {
  const body = el("div", { class: "area-body" });
  const classes = `area ${area.kind}${other ? " other" : ""}`;
  if (!other) return el("section", { class: classes, "data-area": area.id }, body);
  const details = el("details", {},
    el("summary", { class: "area-row" }, el("span", { class: "who" }),
      el("span", { class: "sum" })), body);
  details.open = wide.matches;
  return el("section", { class: classes, "data-area": area.id }, details);
}

// The chips over a phone's table: one per area, a tap scrolls to it (and opens a row).
function drawJumps(board, payload) {
  const nav = board.querySelector(":scope > .jumps");
  const chips = payload.areas.map((area) => el("button", {
    type: "button", class: "chip", "data-jump": area.id,
    onclick: () => {
      const section = board.querySelector(`[data-area="${CSS.escape(area.id)}"]`);
      if (!section) return;
      const details = section.querySelector("details");
      if (details) details.open = true;
      section.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    },
  }, area.kind === "seat" && area.seat === payload.seat ? t("table.me") : area.title || area.id));
  nav.replaceChildren(...chips);
}

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// The log: one numbered entry per move, the events that followed it (what the game did, a
// forced move, a virtual player) listed under it and marked automatic. `extra(line)` adds
// to a move's entry (the table's "Show" of a scoring); with `pick`, a move's words are a
// button that calls `pick(seq)` (the replay jumps there), and `current` (a seq) is marked
// as the step shown.
export function logWords(payload, line) {
  // a line that names a seat by its label shows the seat's swatch (not a virtual player's,
  // Dirk's or the game's lines, which name no seat); a step its player took back is struck
  // through (<s>: no longer so) and said in words
  const named = typeof line.seat === "number" && payload.seats[line.seat]
    && payload.seats[line.seat].label === line.who;
  return [named ? swatch(payload, line.seat) : null, el("b", {}, line.who), " ",
    line.undone ? el("s", {}, line.words) : line.words,
    // a bot played it for the seat's person (clocks): the server's words, "(bot for Ana)"
    line.stand_in ? el("span", { class: "stand-in-mark" }, ` ${line.stand_in}`) : null,
    line.auto ? el("span", { class: "auto" }, ` · ${t("log.auto")}`) : null,
    line.undone ? el("span", { class: "undone-mark" }, ` · ${t("log.undone")}`) : null];
}

export function logList(payload, { extra = () => null, pick = null, current = null } = {}) {
  const steps = [];
  for (const line of payload.log) {
    const last = steps[steps.length - 1];
    if (last && last.seq === line.seq) last.lines.push(line);
    else steps.push({ seq: line.seq, lines: [line] });
  }
  // The list scrolls on its own, so a keyboard must be able to reach it (tabindex 0, named).
  return el("ol", { class: "log", tabindex: "0", "aria-label": t("table.log"),
    start: steps.length ? steps[0].seq + 1 : 1 },
    steps.map(({ seq, lines }) => {
      const own = lines[0].auto ? null : lines[0];
      const events = lines.filter((line) => line.auto);
      const kind = own && own.sealed ? "sealed" : own && own.undone ? "undone" : "";
      const words = own ? logWords(payload, own) : null;
      return el("li", { class: kind, title: own?.text || "", "data-seq": seq,
        "aria-current": seq === current ? "step" : null },
      pick && words ? el("button", { type: "button", class: "log-step", "data-seq": seq,
        onclick: () => pick(seq) }, words) : words,
      own ? extra(own) : null,
      events.length ? el("ul", { class: "events" }, events.map((line) => el("li", {
        class: `auto by-${line.by} event-${line.event}`,
      }, logWords(payload, line)))) : null);
    }));
}

// The players, whose turn it is and each one's score (`scoreOf(seat)`, null: none shown);
// `extra(seat)` adds a control to a row (the table's "Change name").
export function playerList(payload, scoreOf, extra = () => null) {
  return el("ul", { class: "players" }, payload.seats.map((s) => {
    const score = scoreOf(s.seat);
    return el("li", {
      class: [payload.to_act.includes(s.seat) ? "to-act" : "", s.seat === payload.seat
        ? "me" : ""].join(" ").trim(),
    }, swatch(payload, s.seat),
    el("span", {}, s.label, s.seat === payload.seat ? ` (${t("you")})` : "",
      // a bot plays this person's seat now (clocks: their time ran out, or they left)
      s.stand_in ? [" ", el("em", { class: "badge bot-badge", "data-seat": s.seat },
        t("clocks.stand_in_badge"))] : null),
    extra(s), score === null ? null : el("strong", {}, score));
  }));
}

// The score a table's payload shows for a seat: the final one, else what the seat's view
// counts (a number, or an object with a total), else none.
export function viewScore(payload, seat) {
  const v = ((payload.view && payload.view.seats) || [])[seat] || {};
  let score = payload.outcome ? payload.outcome.scores[seat] : v.score ?? v.total ?? null;
  if (score !== null && typeof score === "object") score = score.total ?? null;
  return typeof score === "number" ? score : null;
}

export function outcomeTable(payload) {
  const out = payload.outcome;
  if (!out) return null;
  const order = out.ranks.map((r, s) => [r, s]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return el("table", { class: "outcome" },
    el("thead", {}, el("tr", {}, el("th", {}, t("col.rank")), el("th", {}, t("col.player")),
      el("th", {}, t("col.score")))),
    el("tbody", {}, order.map(([rank, s]) => el("tr", {
      class: out.winners.includes(s) ? "winner" : "",
    }, el("td", {}, rank), el("td", {}, swatch(payload, s), payload.seats[s].label,
      breakdown(out.breakdown && out.breakdown[s], payload.categories || {})),
    el("td", {}, number(out.scores[s]))))));
}

// A score as the page's language writes it (a decimal comma in Czech and Slovak).
export function number(x) {
  return typeof x === "number" ? x.toLocaleString(currentLang()) : x;
}

// The score pad's lines for one seat (category: points): the engine's keys said in words by
// the game's catalog (the payload's `categories`), never shown as keys.
function breakdown(lines, categories) {
  if (!lines) return null;
  const parts = Object.entries(lines).filter(([, v]) => v)
    .map(([k, v]) => `${categories[k] ?? k} ${number(v)}`);
  return parts.length ? el("small", { class: "breakdown" }, parts.join(" · ")) : null;
}

// A seat's swatch: its colour as the drawing gives it (the payload's seats[].colour) with its
// number counted from 1, as the drawings number the seats, for eyes that do not tell colours
// apart. The name beside it says who it is, so the swatch itself is not read aloud.
export function swatch(payload, seat) {
  const s = payload.seats[seat];
  if (!s || !s.colour) return null;
  const node = el("span", { class: "swatch", "aria-hidden": "true", "data-seat": seat },
    String(seat + 1));
  node.style.setProperty("--seat", s.colour);
  node.style.setProperty("--seat-ink", inkOn(s.colour));
  return node;
}

// Black or white, whichever contrasts more with `colour` (#rrggbb) by WCAG's formula: at
// least 4.5:1 on any colour (AA for text of any size).
function inkOn(colour) {
  const [r, g, b] = [1, 3, 5].map((k) => {
    const c = parseInt(colour.slice(k, k + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (lum + 0.05) > (lum + 0.05) / 0.05 ? "#ffffff" : "#000000";
}
