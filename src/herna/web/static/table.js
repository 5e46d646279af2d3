// The table screen for every game: draws the SVG the server sends for this seat, lights up
// the parts of the legal moves, composes a move from clicks, and sends it. The server judges.
import {
  api, ApiError, BOX_GAMES, currentLang, el, holdSeat, keepMyName, languagePicker, listWords,
  loadWords, myName, nameForm, plural, seatsAt, t, timeDigits, timeWords,
} from "./herna.js";
import {
  drawDrawing, logList, number, outcomeTable, playerList, reducedMotion, swatch, viewScore,
} from "./board.js";
import { createScenes } from "./scenes.js";
import { chosenSpeed, measure, play, settle, TRAVEL } from "./travel.js";

const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
const held = new Map(); // seat -> token, for the seats this device plays (null: my account's)
const latest = new Map(); // seat (or "watch") -> newest payload
const sockets = new Map();
const mine = new Set(); // the seats that are this browser's own person (not hot-seat guests)
const named = new Set(); // seats this page has named with the browser's name already
let renaming = null; // the seat whose name is being changed (a form is open), or null
let shown = null; // the seat whose payload is drawn (null: a spectator)
let uncovered = null; // hot-seat: the seat that confirmed it is alone at the screen
let chosen = []; // the chosen parts: [{name, node}]
let message = "";
let sending = null; // the move on its way (words), or null
// the hard bot's hint for the move drawn ({seat, version, action, parts, words, chance, by}),
// {seat, version, thinking: true} while it is worked out, or null; gone with the next version
let hint = null;
let clockTimer = null;
let clocksTimer = null;
let gameModule = null;

// ----- seats and connections ----------------------------------------------------------------
function readSeats() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get("token");
  for (const s of seatsAt(tableId)) {
    held.set(s.seat, s.token);
    if (s.mode === "me") mine.add(s.seat);
  }
  // a seat of my account opened on a device without its token (My tables, signed in): the
  // server knows it by the session's cookie and the seat's number
  const seat = /^\d{1,3}$/.test(fragment.get("seat") || "") ? Number(fragment.get("seat")) : null;
  if (!token && seat !== null && !held.has(seat)) {
    held.set(seat, null);
    mine.add(seat);
  }
  return token;
}

// What a request says to act at a seat: its token, or for my account's seat, its number.
function auth(seat) {
  const token = held.get(seat);
  return token ? { token } : { seat };
}

// How the page answers a socket the server closed with a 4xxx code. The link is wrong (a key
// that opens no seat, no such table, a bad request, a session that has ended): say so and
// stop, trying again would be refused again. The socket fell behind (4408: it stopped
// reading, e.g. a sleeping tab): reconnect at once, the first message is the table as it is
// now. Too many sockets (4429, per table or per address): wait, longer each time, and say so.
const FELL_BEHIND = 4408;
const TOO_MANY = 4429;
const BUSY_WAIT = [2000, 5000, 10000, 20000, 30000]; // ms before the next try after a 4429
let busyTries = 0; // 4429s in a row (any seat's socket); an opened socket starts again

function connect(key, token) {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang: currentLang() });
  if (token) query.set("token", token);
  else if (key !== "watch") query.set("seat", key);
  const ws = new WebSocket(`${proto}://${window.location.host}/api/tables/${encodeURIComponent(
    tableId)}/ws?${query}`);
  sockets.set(key, ws);
  let opened = false;
  let told = false; // a payload came: the server took this socket
  let had = new Map(); // area key -> drawing, of this socket's last payload
  let hadLog = []; // and its log
  ws.onopen = () => { opened = true; };
  ws.onmessage = (e) => {
    if (!told) { told = true; busyTries = 0; setStatus("live"); }
    const payload = JSON.parse(e.data);
    // a push leaves out the drawings of the areas this socket's last one carried, and the
    // log lines it had: `log_keep` of its last lines come first
    for (const area of payload.areas || []) {
      if (area.svg === undefined) area.svg = had.get(area.key);
    }
    const keep = payload.log_keep || 0;
    if ((payload.areas || []).some((area) => area.svg === undefined) || keep > hadLog.length) {
      ws.close(); // never expected: a new socket starts with the whole table
      return;
    }
    if (keep) payload.log = hadLog.slice(hadLog.length - keep).concat(payload.log);
    delete payload.log_keep;
    had = new Map((payload.areas || []).map((area) => [area.key, area.svg]));
    hadLog = payload.log;
    receive(key, payload);
  };
  ws.onclose = (e) => {
    if (sockets.get(key) !== ws) return; // replaced on purpose (language change)
    if (e.code === FELL_BEHIND) {
      setStatus("reconnecting");
      setTimeout(() => connect(key, token), 0);
      return;
    }
    if (e.code === TOO_MANY) {
      const wait = BUSY_WAIT[Math.min(busyTries, BUSY_WAIT.length - 1)];
      busyTries += 1;
      setStatus("busy");
      setTimeout(() => connect(key, token), wait * (0.75 + Math.random() / 2));
      return;
    }
    if (e.code >= 4000) { // a refusal (4401, 4403, 4404, 4422): say why in the page's words
      setStatus("gone");
      const key = `table.closed.${e.code}`;
      showProblem(t(key) === key ? t("table.refused") : t(key));
      return;
    }
    setStatus("reconnecting");
    setTimeout(() => connect(key, token), opened ? 500 : 2000);
  };
  const ping = setInterval(() => {
    if (ws.readyState === WebSocket.OPEN) ws.send("ping");
    if (ws.readyState === WebSocket.CLOSED) clearInterval(ping);
  }, 25000);
}

function reconnectAll() {
  for (const ws of sockets.values()) ws.close();
  sockets.clear();
  latest.clear();
  if (!held.size) connect("watch", null);
  for (const [seat, token] of held) connect(seat, token);
}

function setStatus(kind) {
  const node = document.getElementById("status");
  node.dataset.state = kind;
  node.textContent = t(`status.${kind}`);
}

function showProblem(text) {
  document.getElementById("turn").replaceChildren(el("p", { class: "error" }, text));
}

// ----- receiving ----------------------------------------------------------------------------
function receive(key, payload, now = false) {
  payload.receivedAt = performance.now(); // the clocks count down from the server's figure
  const before = latest.get(key);
  if (before && before.version > payload.version) return; // an older push arriving late
  // the same version again (a seat changed hands, a name): it replaces what it repeats
  const last = queue.length ? queue[queue.length - 1][1] : before;
  if (!now && last && last.version === payload.version && queue.length) {
    queue[queue.length - 1] = [key, payload];
    return;
  }
  // others' moves arriving in a burst (bots) are shown one by one, at the chosen speed
  if (!now && before && before.version < payload.version && held.size <= 1 && pace() > 0) {
    queue.push([key, payload]);
    pump();
    return;
  }
  latest.set(key, payload);
  chooseShown();
}

// ----- pace: how long each of the others' moves stays on the screen ---------------------------
const PACES = { fast: 0, normal: 900, slow: 2000 };
const queue = []; // [key, payload] waiting to be shown, oldest first
let paceTimer = null;
let shownAt = 0;

function speed() {
  return chosenSpeed(); // the same keys as PACES
}

function pace() {
  return PACES[speed()];
}

// How long a thing takes to travel to its new place (travel.js): none at once, a moment at
// the others' pace. Only a step of one version is shown moving: never the first drawing, a
// reconnect that skips moves, another seat's screen or another game.
let drawnLast = null; // {seat, game, version, over} of the payload drawn last

function travelTime(payload) {
  const last = drawnLast;
  if (!last || last.seat !== payload.seat || last.game !== payload.game
      || payload.version !== last.version + 1) return 0;
  return TRAVEL[speed()] || 0;
}

function pump() {
  if (paceTimer || scenes.active()) return; // a scoring shown step by step holds the others
  const wait = shownAt + pace() - performance.now();
  if (wait > 0) {
    paceTimer = setTimeout(() => { paceTimer = null; pump(); }, wait);
    return;
  }
  while (queue.length) {
    const [key, payload] = queue.shift();
    const before = latest.get(key);
    if (before && before.version >= payload.version) continue; // overtaken (my own move)
    latest.set(key, payload);
    chooseShown();
    shownAt = performance.now();
    if (queue.length) pump();
    return;
  }
}

// A step the server has scenes for (a scoring round) is shown step by step once it is drawn;
// the moves after it wait until the show ends (scenes.js).
const scenes = createScenes({
  tableId, speed, onClose: () => { shownAt = performance.now(); pump(); },
});

function speedPicker() {
  const select = el("select", {
    id: "speed", onchange: () => {
      localStorage.setItem("herna.speed", select.value);
      if (!pace()) { clearTimeout(paceTimer); paceTimer = null; shownAt = 0; pump(); }
    },
  }, Object.keys(PACES).map((k) => el("option", { value: k }, t(`speed.${k}`))));
  select.value = speed();
  return el("label", { class: "speed" }, el("span", {}, t("speed.label")), select);
}

// ----- marks: what changed since my last move ---------------------------------------------------
// The drawing as it was right after this seat's own last move (a spectator: the drawing
// before); every drawn thing that differs from it now is marked. Only the innermost ids are
// compared, and inside one that changed, only what changed in it: a mark sits on the tile,
// card or die, never on its whole panel, and never on words (a heading, a count, a status
// line changes with every move: it is read, not marked).
let baseline = null; // {seat, marks: Map id -> a copy of the node as it was}
const NOT_COMPARED = / (class|tabindex|role|aria-[a-z]+|data-travelled)="[^"]*"/g;

function signature(node) {
  return node.outerHTML.replace(NOT_COMPARED, "");
}

// A node's own attributes (not its children's), as compared.
function ownSignature(node) {
  return node.cloneNode(false).outerHTML.replace(NOT_COMPARED, "");
}

// Words only: text, or a group of nothing but text (and its title).
function wordsOnly(node) {
  const tag = node.localName;
  if (tag === "text" || tag === "tspan" || tag === "title" || tag === "desc") return true;
  const kids = [...node.children];
  return tag === "g" && kids.length > 0 && kids.every(wordsOnly);
}

function drawnNow() {
  const out = new Map();
  for (const node of document.querySelectorAll("#board svg [id]")) {
    if (node.querySelector("[id]")) continue;
    out.set(node.id, node.cloneNode(true));
  }
  return out;
}

// Mark what differs in `node` from `was` (its copy from the baseline): the node itself when
// its own attributes changed (a tile moved), else the parts of it that changed, else the
// things in it that are new; never words.
function markDiff(node, was, marked) {
  if (wordsOnly(node) || signature(node) === signature(was)) return;
  const kids = [...node.children].filter((k) => k.localName !== "title");
  const old = [...was.children].filter((k) => k.localName !== "title");
  if (!kids.length || ownSignature(node) !== ownSignature(was)) {
    marked.add(node);
  } else if (kids.length === old.length) {
    kids.forEach((kid, i) => markDiff(kid, old[i], marked));
  } else {
    const before = new Set(old.map(signature));
    for (const kid of kids) if (!wordsOnly(kid) && !before.has(signature(kid))) marked.add(kid);
  }
}

function markChanges(payload) {
  const now = drawnNow();
  const mine = payload.seat;
  if (baseline && baseline.seat === mine) {
    const marked = new Set();
    for (const node of document.querySelectorAll("#board svg [id]")) {
      if (!now.has(node.id)) continue;
      const was = baseline.marks.get(node.id);
      if (was !== undefined) markDiff(node, was, marked);
    }
    for (const node of document.querySelectorAll("#board svg .changed")) {
      if (!marked.has(node)) node.classList.remove("changed");
    }
    for (const node of marked) node.classList.add("changed");
  }
  const last = payload.log.length ? payload.log[payload.log.length - 1] : null;
  const movedMyself = last && mine !== null && last.seat === mine;
  if (!baseline || baseline.seat !== mine || mine === null || movedMyself) {
    baseline = { seat: mine, marks: now };
  }
}

function freshest() {
  let best = null;
  for (const p of latest.values()) if (!best || p.version > best.version) best = p;
  return best;
}

// Which seat's screen to show: with several humans on this device (hot-seat), the one to act;
// a change of player goes through a cover screen so nobody sees another's secrets.
function chooseShown() {
  const now = freshest();
  if (!now) return;
  if (!held.size) {
    shown = null;
    return draw(latest.get("watch"));
  }
  const acting = [...held.keys()].filter((s) => now.to_act.includes(s));
  let next = shown;
  if (acting.length && !acting.includes(shown)) next = acting[0];
  if (next === null || next === undefined) next = [...held.keys()][0];
  if (next !== shown) {
    shown = next;
    chosen = [];
    message = "";
  }
  const payload = latest.get(shown);
  if (!payload) return;
  if (held.size > 1 && uncovered !== shown && acting.includes(shown)) return cover(payload);
  draw(payload);
}

function cover(payload) {
  const box = document.getElementById("cover");
  const who = payload.seats[shown].label;
  box.hidden = false;
  settle(); // nothing of the last screen keeps flying over the cover
  document.getElementById("board").replaceChildren();
  box.replaceChildren(el("div", { class: "cover-card" },
    el("h2", {}, swatch(payload, shown), t("cover.title", { who })),
    el("p", {}, t("cover.hint", { who })),
    el("button", {
      type: "button", class: "primary", id: "uncover",
      onclick: () => {
        uncovered = shown;
        box.hidden = true;
        chooseShown();
      },
    }, t("cover.ready", { who }))));
}

// ----- drawing ------------------------------------------------------------------------------
function draw(payload) {
  if (!payload) return;
  if (hint && (hint.seat !== payload.seat || hint.version !== payload.version)) hint = null;
  // things travel from where they were before this payload (measured before drawing it)
  const board = document.getElementById("board");
  const travel = travelTime(payload);
  if (!drawnLast || drawnLast.version !== payload.version) settle();
  const was = travel ? measure(board) : null;
  // the game ended while this page was open (not a finished table opened anew)
  const ended = Boolean(payload.over && drawnLast && !drawnLast.over
    && drawnLast.seat === payload.seat && drawnLast.game === payload.game);
  document.getElementById("cover").hidden = true;
  document.body.classList.toggle("over", Boolean(payload.over));
  const title = `${t(`game.${payload.game}.name`)} · ${payload.seat === null
    ? t("table.spectator") : payload.seats[payload.seat].label}`;
  document.getElementById("title").textContent = title;
  // a tab in the background says when the move is mine (a friend moved, a bot answered)
  const mine = payload.seat !== null && !payload.over && payload.legal.length > 0;
  document.title = `${mine ? `${t("table.your_move")} · ` : ""}${title} · Herna`;
  drawBoard(payload);
  markChanges(payload);
  announce(payload);
  drawTurn(payload);
  drawScores(payload);
  drawLog(payload);
  scenes.consider(payload);
  drawName(payload);
  drawClock(payload);
  drawClocks(payload);
  loadGameModule(payload);
  if (gameModule) gameModule.update(payload, submit);
  if (was) play(board, was, travel, reducedMotion());
  if (ended) showResult();
  drawnLast = { seat: payload.seat, game: payload.game, version: payload.version,
    over: Boolean(payload.over) };
  if (!sending) board.dataset.version = payload.version; // drawn and lit: tests wait on it
  board.dataset.seat = payload.seat ?? "";
}

// The game just ended: its result and what comes next (replay, review, play again) are
// brought into sight. A phone, scrolled anywhere in the table, shows them at the top of the
// page (style.css puts the game-over box first there); a desktop's side column has them.
function showResult() {
  const box = document.getElementById("turn");
  const r = box.getBoundingClientRect();
  if (r.top >= 0 && r.top < window.innerHeight / 2) return;
  const behavior = reducedMotion() ? "auto" : "smooth";
  // near the top of the page (a phone's): the page's own top, the bar with its name included
  if (r.top + window.scrollY < window.innerHeight / 3) window.scrollTo({ top: 0, behavior });
  else box.scrollIntoView({ block: "start", behavior });
}

function drawBoard(payload) {
  const board = document.getElementById("board");
  drawDrawing(board, payload);
  chosen = chosen.map((c) => ({ ...c, node: findNode(c) })).filter((c) => c.node);
  light(payload);
  markHint();
}

// A chosen part is found again after a redraw by its name and its place among its namesakes.
function findNode(c) {
  return partNodes().filter((n) => n.dataset.part === c.name)[c.index] || null;
}

function partNodes() {
  return [...document.querySelectorAll("#board [data-part]")];
}

function countOf(list, name) {
  let n = 0;
  for (const x of list) if (x === name) n += 1;
  return n;
}

// The legal moves that still contain every chosen part (as many times as chosen).
function candidates(payload) {
  const names = chosen.map((c) => c.name);
  return payload.legal.filter((a) => a.parts.length
    && names.every((n) => countOf(a.parts, n) >= countOf(names, n)));
}

function light(payload) {
  const mine = payload.seat !== null && payload.legal.length > 0 && !sending;
  const left = new Map(); // part name -> how many more times it may still be chosen
  if (mine) {
    const names = chosen.map((c) => c.name);
    for (const a of candidates(payload)) {
      for (const n of new Set(a.parts)) {
        const more = countOf(a.parts, n) - countOf(names, n);
        if (more > 0) left.set(n, Math.max(left.get(n) || 0, more));
      }
    }
  }
  const chosenNodes = new Set(chosen.map((c) => c.node));
  const moves = mine ? candidates(payload) : [];
  for (const node of partNodes()) {
    const isChosen = chosenNodes.has(node);
    const live = !isChosen && (left.get(node.dataset.part) || 0) > 0;
    node.classList.toggle("chosen", isChosen);
    node.classList.toggle("live", live);
    // a part that may be chosen (or unchosen) is a button for the keyboard and screen readers
    if (live || isChosen) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", isChosen ? "true" : "false");
      node.setAttribute("aria-label", partLabel(node, moves));
    } else if (node.hasAttribute("tabindex")) {
      for (const a of ["tabindex", "role", "aria-pressed", "aria-label"]) node.removeAttribute(a);
    }
  }
}

// What a part is called aloud: the drawing's own label for it, else the one move it makes,
// else its name in the drawing ("tile b2").
function partLabel(node, moves) {
  const own = node.dataset.label || (node.querySelector && node.querySelector(":scope > title")
    && node.querySelector(":scope > title").textContent);
  if (own) return own;
  const making = moves.filter((a) => a.parts.includes(node.dataset.part));
  if (making.length === 1 && making[0].parts.length === 1) return making[0].label || making[0].text;
  return node.dataset.part.replace(/[:_-]+/g, " ");
}

function exactMoves(payload) {
  return candidates(payload).filter((a) => a.parts.length === chosen.length);
}

function drawTurn(payload) {
  const box = document.getElementById("turn");
  const parts = [];
  if (payload.over) {
    parts.push(el("h2", {}, t("table.over")), outcomeTable(payload), ratingLines(payload),
      replayLink(payload), playAgain(payload));
  } else if (sending) {
    parts.push(el("h2", {}, t("table.your_move")), el("p", { class: "waiting" }, sending));
  } else if (payload.seat !== null && payload.legal.length) {
    parts.push(el("h2", {}, t("table.your_move")));
    const moves = chosen.length ? candidates(payload) : [];
    const exact = chosen.length ? exactMoves(payload) : [];
    if (chosen.length) {
      parts.push(el("p", { class: "chosen-line" }, t("table.chosen", { n: chosen.length })));
      // what the first choice leads to, in the game's words (the server's prompt.after)
      const after = (payload.prompt && payload.prompt.after) || {};
      const first = chosen[0].name;
      const next = after[first] ?? after[first.split(":")[0]] ?? null;
      if (next) parts.push(el("p", { class: "hint prompt", id: "prompt" }, next));
      if (exact.length) {
        parts.push(el("div", { class: "moves" }, exact.map((a) => moveButton(a, "primary"))));
      }
      const more = moves.filter((a) => !exact.includes(a));
      if (more.length) {
        if (!next) parts.push(el("p", { class: "hint" }, plural("table.more", more.length)));
        if (more.length <= 8) {
          parts.push(el("div", { class: "moves" }, more.map((a) => moveButton(a, ""))));
        }
      }
      parts.push(el("button", { type: "button", class: "link", onclick: clear },
        t("table.clear")));
    } else {
      const plain = payload.legal.filter((a) => !a.parts.length);
      const clickable = payload.legal.length - plain.length;
      if (payload.prompt) { // this step in the game's own words, from the server
        parts.push(el("p", { class: "hint prompt", id: "prompt" }, payload.prompt.text));
      } else if (clickable) {
        parts.push(el("p", { class: "hint" }, t("table.click_hint")));
      }
      if (plain.length) {
        parts.push(el("div", { class: "moves" }, plain.map((a) => moveButton(a, ""))));
      }
      if (!clickable && !plain.length && !payload.prompt) {
        parts.push(el("p", { class: "hint" }, t("table.notation_only")));
      }
    }
    if (payload.undo) parts.push(undoButton());
    if (payload.hint || hint) parts.push(hintBox());
  } else {
    const names = payload.to_act.map((s) => payload.seats[s].label);
    parts.push(el("p", { class: "waiting" }, names.length
      ? t("table.waiting", { who: listWords(names) }) : ""));
  }
  // the guide beside Undo and Hint: on a phone they share one row of the sheet
  parts.push(guideButton(payload));
  if (message) parts.push(el("p", { class: "error", role: "alert", id: "message" }, message));
  if (payload.seat !== null && !payload.over) parts.push(notationBox(payload));
  if (payload.next) parts.push(nextLink(payload));
  const clocks = document.getElementById("clocks"); // kept: it counts down on its own
  // (a spectator has no "Play again")
  box.replaceChildren(...(clocks ? [clocks] : []), ...parts.filter(Boolean));
}

// Undo: the server offers it (payload.undo) only while my last step revealed nothing and
// it is still my turn; Ctrl+Z (or Cmd+Z) outside a text field does the same.
function undoButton() {
  return el("p", { class: "undo-line" }, el("button", {
    type: "button", class: "undo", id: "undo", title: t("table.undo_hint"),
    onclick: () => sendUndo(),
  }, t("table.undo")));
}

async function sendUndo() {
  const payload = latest.get(shown);
  if (!payload || sending || !payload.undo) return;
  const hadFocus = document.activeElement && document.activeElement.id === "undo";
  sending = t("table.undoing");
  light(payload);
  drawTurn(payload);
  try {
    const fresh = await api(`/api/tables/${encodeURIComponent(tableId)}/undo`, {
      method: "POST",
      body: { ...auth(payload.seat), version: payload.version, lang: currentLang() },
    });
    chosen = [];
    message = "";
    sending = null;
    receive(payload.seat, fresh, true);
    chooseShown();
  } catch (e) {
    sending = null;
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.table) {
      receive(payload.seat, e.body.table, true);
    }
    message = e.message;
    chosen = [];
    const now = latest.get(shown);
    if (now) draw(now);
  }
  // a keyboard stays where it was: on Undo while there is more to undo
  const again = document.getElementById("undo");
  if (hadFocus && again) again.focus();
}

// ----- hints: what the hard bot would play here ------------------------------------------------
// The server works it out in its bot workers from this seat's view alone; the page marks the
// move's parts on the board (a dashed outline, unlike lit and chosen parts) and says it in
// words with the bot's estimate of my chances. One click plays it; the next version clears it.
function hintBox() {
  if (hint && hint.thinking) {
    return el("p", { class: "hint-line thinking", id: "hint-status", role: "status",
      tabindex: "-1" },
      el("span", { class: "spinner", "aria-hidden": "true" }), t("table.hint_thinking"));
  }
  if (hint) {
    const fields = { by: hint.by, move: hint.words };
    const said = typeof hint.chance === "number"
      ? t("table.hint_line", { ...fields, chance: percent(hint.chance) })
      : t("table.hint_line_solo", fields);
    return el("div", { class: "hint-box", id: "hint-status", role: "status" },
      el("p", { class: "hint-says" }, el("span", { class: "hint-mark", "aria-hidden": "true" }),
        said),
      el("p", { class: "hint-actions" },
        el("button", { type: "button", class: "primary hint-play", id: "hint-play",
          onclick: () => submit(hint.action) }, t("table.hint_play")),
        el("button", { type: "button", class: "link hint-dismiss", id: "hint-dismiss",
          onclick: () => { hint = null; refreshHint(); } }, t("table.hint_dismiss"))));
  }
  return el("p", { class: "hint-line" }, el("button", {
    type: "button", class: "hint-ask", id: "hint", title: t("table.hint_title"),
    onclick: () => askHint(),
  }, t("table.hint")));
}

// A chance as the page's language writes a percentage ("62%", "62 %").
function percent(x) {
  return new Intl.NumberFormat(currentLang(), { style: "percent", maximumFractionDigits: 0 })
    .format(x);
}

// The hinted move's parts get the hint mark (as many of a part's namesakes as it uses).
function markHint() {
  const want = new Map();
  for (const name of (hint && hint.parts) || []) want.set(name, (want.get(name) || 0) + 1);
  const seen = new Map();
  for (const node of partNodes()) {
    const name = node.dataset.part;
    const k = seen.get(name) || 0;
    seen.set(name, k + 1);
    node.classList.toggle("hinted", k < (want.get(name) || 0));
  }
}

function refreshHint() {
  markHint();
  const payload = latest.get(shown);
  if (payload) drawTurn(payload);
}

async function askHint() {
  const payload = latest.get(shown);
  if (!payload || sending || !payload.hint || hint) return;
  const hadFocus = document.activeElement && document.activeElement.id === "hint";
  hint = { seat: payload.seat, version: payload.version, thinking: true };
  message = "";
  drawTurn(payload);
  if (hadFocus) document.getElementById("hint-status").focus();
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
      method: "POST",
      body: { ...auth(payload.seat), version: payload.version, lang: currentLang() },
    });
    const now = latest.get(shown);
    hint = now && now.seat === payload.seat && now.version === answer.version
      ? { seat: payload.seat, version: answer.version, action: answer.action,
        parts: answer.parts, words: answer.words, chance: answer.chance, by: answer.by }
      : null; // the table moved on meanwhile: this hint is of a position gone
  } catch (e) {
    hint = null;
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.table) {
      receive(payload.seat, e.body.table, true);
    }
    message = e.message;
  }
  refreshHint();
  showHinted();
  const next = document.getElementById(hint ? "hint-play" : "hint");
  if (hadFocus && next) next.focus({ preventScroll: true }); // the keyboard goes on from there
}

// The marked parts are scrolled into sight if any is off the screen or under a phone's move
// box (fixed at the bottom) or its jump chips (stuck at the top): all of them where they fit
// together, else the first one, so the mark is seen where the words point. Once the scroll
// ends it looks again: a push that redrew the move box meanwhile may have moved the band.
function showHinted(again = true) {
  bringIntoSight([...document.querySelectorAll("#board .part.hinted")], false,
    again ? () => showHinted(false) : null);
}

// Once a part is chosen, the parts that may follow it: when none of them is in sight (a
// phone's move box over the palette under a sheet), they are scrolled there, so the words
// "choose ... on the palette" point at something seen.
function showNext() {
  bringIntoSight([...document.querySelectorAll("#board .part.live")], true, null);
}

// `marks` scrolled into the band between the chips and the move box, unless all of them are
// there already (`anyWillDo`: one of them is enough); `after` runs once the scroll ends.
function bringIntoSight(marks, anyWillDo, after) {
  if (!marks.length) return;
  const turn = document.getElementById("turn");
  const bottom = getComputedStyle(turn).position === "fixed"
    ? turn.getBoundingClientRect().top : window.innerHeight;
  const chips = document.querySelector("#board > .jumps");
  const top = chips && getComputedStyle(chips).position === "sticky"
    ? chips.getBoundingClientRect().height : 0;
  const rects = marks.map((n) => n.getBoundingClientRect());
  if (anyWillDo && rects.some((r) => r.top >= top && r.bottom <= bottom)) return;
  const high = Math.min(...rects.map((r) => r.top));
  const low = Math.max(...rects.map((r) => r.bottom));
  if (high >= top && low <= bottom) return;
  const dy = low - high <= bottom - top
    ? (high + low) / 2 - (top + bottom) / 2 : rects[0].top - top - 8;
  if (Math.abs(dy) < 1) return;
  if (after) window.addEventListener("scrollend", after, { once: true });
  window.scrollBy({ top: dy, behavior: reducedMotion() ? "auto" : "smooth" });
}

function moveButton(action, kind) {
  const hinted = hint && hint.action === action.text ? " hinted" : "";
  return el("button", {
    type: "button", class: `move ${kind}${hinted}`, "data-action": action.text,
    title: action.text,
    onclick: () => submit(action.text),
  }, action.label || action.text);
}

function notationBox(payload) {
  const example = payload.legal.length ? payload.legal[0].text : "";
  const input = el("input", {
    id: "notation", type: "text", autocomplete: "off", spellcheck: "false",
    placeholder: example ? t("table.notation_example", { example }) : t("table.notation"),
    "aria-label": t("table.notation"),
  });
  return el("form", {
    class: "notation", onsubmit: (e) => {
      e.preventDefault();
      const typed = input.value.trim();
      if (/^(help|\?)$/i.test(typed)) { // the notation's help, as at the terminal's prompt
        input.value = "";
        openGuide(payload.game, "notation");
      } else if (typed) {
        submit(typed);
      }
    },
  }, input, el("button", { type: "submit" }, t("table.send")));
}

// "Play again" and "the next game": each seat this browser holds asks the server for its own
// way in (the token is made from the seat's token here, and never sent in a payload).
async function goAgain(payload) {
  try {
    let url = null;
    for (const seat of held.keys()) {
      const made = await api(`/api/tables/${tableId}/again`, { method: "POST",
        body: auth(seat) });
      if (made.token) { // an account's seat without a token stays the account's there
        holdSeat({ table: made.id, seat, token: made.token, game: payload.game,
          mode: seat === payload.seat ? "me" : "hotseat" });
      }
      if (seat === payload.seat) url = made.url;
    }
    window.location.href = url;
  } catch (e) {
    message = e.message;
    draw(payload);
  }
}

// The finished game step by step (the replay page), from this seat's side.
// A rated game's change to each rated player's rating, under the final scores.
function ratingLines(payload) {
  if (!payload.ratings || !payload.ratings.length) return null;
  const signed = (x) => (x > 0 ? "+" : x < 0 ? "\u2212" : "\u00b1") + number(Math.abs(x));
  return el("ul", { class: "ratings" }, payload.ratings.map((r) => el("li", {
    "data-seat": r.seat,
  }, t("table.rating", {
    name: payload.seats[r.seat].label, mu: number(r.mu), change: signed(r.change),
  }))));
}

function replayLink(payload) {
  const query = payload.seat === null ? "" : `?seat=${payload.seat}`;
  return el("p", { class: "replay-line" }, el("a", {
    class: "button", id: "replay-link", href: `/r/${encodeURIComponent(tableId)}${query}`,
  }, t("table.replay")), " ", el("a", { // the hard bot's rating of this seat's decisions
    class: "button", id: "review-link", title: t("review.link_title"),
    href: `/review/${encodeURIComponent(tableId)}?seat=${payload.seat ?? 0}`,
  }, t("review.link")));
}

function playAgain(payload) {
  if (payload.seat === null) return null;
  return el("button", {
    type: "button", class: "primary", id: "again", onclick: () => goAgain(payload),
  }, t("table.again"));
}

function nextLink(payload) {
  if (!payload.next || payload.seat === null) return null;
  return el("p", { class: "next" }, el("button", {
    type: "button", id: "next-game", onclick: () => goAgain(payload),
  }, t("table.next")));
}

function drawScores(payload) {
  const box = document.getElementById("scores");
  box.replaceChildren(el("h2", {}, t("table.players")), playerList(payload,
    (seat) => viewScore(payload, seat),
    (s) => (held.has(s.seat) ? el("button", {
      type: "button", class: "link rename", "data-seat": s.seat,
      onclick: () => { renaming = s.seat; drawName(payload); },
    }, t("names.change")) : null)));
}

function drawLog(payload) {
  const box = document.getElementById("log");
  const list = logList(payload, {
    extra: (own) => (own.scenes ? [" ", scenes.button(own)] : null), // a scoring, shown
  });
  box.replaceChildren(el("h2", {}, t("table.log")), list);
  list.scrollTop = list.scrollHeight;
}

// My seat without a name gets the name this browser keeps, or asks it once (a friend who
// opened a link); "Change name" beside a seat this device plays opens the same form.
function drawName(payload) {
  const slot = document.getElementById("name-slot");
  let seat = renaming;
  if (seat === null && payload.seat !== null && mine.has(payload.seat)
      && !payload.seats[payload.seat].name) {
    if (myName() && !named.has(payload.seat)) {
      named.add(payload.seat);
      sendName(payload.seat, myName(), false).catch(() => named.delete(payload.seat));
      return;
    }
    if (!myName()) seat = payload.seat;
  }
  if (seat === null) {
    slot.replaceChildren();
    delete slot.dataset.seat;
    return;
  }
  if (slot.dataset.seat === String(seat) && slot.firstChild) return; // keep what is typed
  slot.dataset.seat = String(seat);
  const current = payload.seats[seat].name || (mine.has(seat) ? myName() : "");
  slot.replaceChildren(nameForm({
    id: "name-ask", title: renaming === null ? t("names.ask_title") : t("names.change"),
    hint: renaming === null ? t("names.ask_hint") : null, value: current,
    save: renaming === null ? t("names.play") : t("names.save"),
    onsave: (name) => sendName(seat, name, true),
    oncancel: renaming === null ? null : () => {
      renaming = null;
      const now = latest.get(shown);
      if (now) drawName(now);
    },
  }));
  if (renaming !== null) document.getElementById("name-ask-input").focus();
}

async function sendName(seat, name, typed) {
  const fresh = await api(`/api/tables/${encodeURIComponent(tableId)}/name`, {
    method: "POST", body: { ...auth(seat), name, lang: currentLang() },
  });
  if (typed && mine.has(seat)) keepMyName(name); // my name, for the next tables too
  renaming = null;
  const slot = document.getElementById("name-slot");
  slot.replaceChildren();
  delete slot.dataset.seat;
  receive(seat, fresh, true);
}

function drawClock(payload) {
  clearInterval(clockTimer);
  const old = document.getElementById("clock");
  if (old) old.remove();
  if (!payload.clock) return;
  const started = performance.now() - payload.clock.elapsed * 1000;
  const limit = payload.clock.timer;
  const node = el("div", { id: "clock", class: "clock", role: "timer" });
  document.getElementById("turn").prepend(node);
  const tick = () => {
    const elapsed = (performance.now() - started) / 1000;
    if (!limit) {
      node.textContent = t("clock.elapsed", { s: elapsed.toFixed(0) });
      return;
    }
    // past the hourglass a solve counts only if nobody finished within it (then the
    // hourglass is turned again, up to twice its time): the page says it has run out
    if (elapsed < limit) {
      node.textContent = t("clock.left", { s: (limit - elapsed).toFixed(0) });
    } else if (elapsed < 2 * limit) {
      node.textContent = t("clock.out", { s: (2 * limit - elapsed).toFixed(0) });
    } else {
      node.textContent = t("clock.over");
    }
    node.style.setProperty("--sand", `${Math.min(1, elapsed < 2 * limit ? (elapsed % limit) / limit : 1)}`);
    node.classList.toggle("second", elapsed >= limit);
    node.classList.toggle("out", elapsed >= 2 * limit);
  };
  tick();
  clockTimer = setInterval(tick, 250);
}

// ----- clocks: whose move it is, how long is left, and who is a bot now ---------------------
// The server sends each seat's time left as of its payload (clocks.seats[].left); the page
// counts it down from when it arrived, urgent under 10 s. A slow table says it in words
// ("4 h 12 min left"). A seat a bot plays for its person says so, and that person's page
// offers to take it back.
const URGENT = 10;

function drawClocks(payload) {
  clearInterval(clocksTimer);
  const old = document.getElementById("clocks");
  if (!payload.clocks || payload.over) {
    if (old) old.remove();
    return;
  }
  const box = old || el("div", { id: "clocks", class: "clocks" });
  if (!old) document.getElementById("turn").prepend(box);
  const slow = payload.clocks.kind === "slow";
  const shown = payload.clocks.seats.filter((c) => c.stand_in || (c.running && c.left !== null));
  // rebuilt only when what it shows changes (a stand-in, whose clock runs): a button under a
  // finger is never swapped for its twin at every push
  const shape = JSON.stringify([payload.seat, shown.map((c) => [c.seat, c.stand_in,
    payload.seats[c.seat].label, payload.seats[c.seat].colour, held.has(c.seat)]),
  currentLang()]);
  if (box.dataset.shape !== shape) {
    box.dataset.shape = shape;
    box.replaceChildren(...shown.map((c) => clockRow(payload, c)).flat());
  }
  const timers = shown.filter((c) => !c.stand_in).map((c) => {
    const row = box.querySelector(`.seat-clock[data-seat="${c.seat}"]`);
    return { row, node: row.querySelector(".time"), c, mine: c.seat === payload.seat,
      who: payload.seats[c.seat].label };
  });
  if (payload.receivedAt === undefined) payload.receivedAt = performance.now();
  const tick = () => {
    const gone = (performance.now() - payload.receivedAt) / 1000;
    for (const { node, row, c, mine, who } of timers) {
      const left = c.left - gone;
      let text;
      if (left > 0) {
        const time = slow ? t("clocks.left", { time: timeWords(left) }) : timeDigits(left);
        text = mine ? t("clocks.mine", { time }) : t("clocks.theirs", { who, time });
      } else {
        const time = timeWords(c.takeover === null ? 0 : c.takeover - gone);
        text = mine ? t("clocks.out_mine", { time }) : t("clocks.out_theirs", { who, time });
      }
      if (node.textContent !== text) node.textContent = text;
      row.classList.toggle("urgent", left < URGENT);
      row.classList.toggle("out", left <= 0);
    }
  };
  tick();
  if (timers.length) clocksTimer = setInterval(tick, 250);
}

// One seat's line: its running clock, or the bot that plays for it (and, on that person's
// own page, the way to take the seat back).
function clockRow(payload, c) {
  const who = payload.seats[c.seat].label;
  if (!c.stand_in) {
    return [el("p", {
      class: `seat-clock${c.seat === payload.seat ? " mine" : ""}`, role: "timer",
      "data-seat": c.seat,
    }, swatch(payload, c.seat), el("span", { class: "time" }))];
  }
  const rows = [el("p", { class: "stand-in", "data-seat": c.seat }, swatch(payload, c.seat),
    el("span", { class: "badge bot-badge" }, t("clocks.stand_in", { who })))];
  if (c.seat === payload.seat && held.has(c.seat)) {
    rows.push(el("p", { class: "hint" }, t("clocks.stand_in_me")),
      el("p", { class: "back-line" }, el("button", {
        type: "button", class: "primary", id: "take-back",
        onclick: () => takeSeatBack(c.seat),
      }, t("clocks.take_back"))));
  }
  return rows;
}

async function takeSeatBack(seat) {
  const button = document.getElementById("take-back");
  if (button) {
    button.disabled = true;
    button.textContent = t("clocks.taking_back");
  }
  try {
    const fresh = await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/back`, {
      method: "POST", body: { ...auth(seat), lang: currentLang() },
    });
    message = "";
    receive(seat, fresh, true);
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.table) {
      receive(seat, e.body.table, true);
    }
    message = e.message;
    delete document.getElementById("clocks")?.dataset.shape; // the button comes back
    const now = latest.get(shown);
    if (now) draw(now);
  }
}

// What a screen reader says as the table changes: each new move of the log in words, a seat
// a bot takes over or its person takes back (clocks), and "Your move" when it becomes this
// seat's turn (a polite live region, off screen).
let heard = null; // [seat shown, last log seq announced, my turn, undone seqs announced,
// the seats a stand-in played]
function announce(payload) {
  const box = document.getElementById("announce");
  if (!box) return;
  const last = payload.log.length ? payload.log[payload.log.length - 1].seq : -1;
  const myTurn = payload.seat !== null && payload.legal.length > 0;
  const undone = new Set(payload.log.filter((line) => line.undone).map((line) => line.seq));
  const stood = new Set(payload.seats.filter((s) => s.stand_in).map((s) => s.seat));
  if (heard && heard[0] === payload.seat) {
    // each new move, and each step taken back since (its line is older than what was heard)
    const said = payload.log.filter((line) => line.seq > heard[1]
      || (line.undone && !heard[3].has(line.seq)))
      .map((line) => `${line.who}: ${line.words}${line.stand_in ? ` ${line.stand_in}` : ""}${
        line.undone ? ` · ${t("log.undone")}` : ""}`);
    for (const s of payload.seats) { // taken over by a bot, or taken back, since
      if (stood.has(s.seat) !== heard[4].has(s.seat)) {
        said.push(t(stood.has(s.seat) ? "clocks.taken_over" : "clocks.taken_back",
          { who: s.label }));
      }
    }
    // my turn again: after a wait, or after moves (mine too: a move of mine that ends with my
    // turn again, e.g. the others' choices already made, is a new move to make)
    if (myTurn && (!heard[2] || said.length)) said.push(t("table.your_move"));
    if (payload.over && said.length) said.push(t("table.over"));
    if (said.length) box.textContent = said.join(". ");
  }
  heard = [payload.seat, last, myTurn, undone, stood];
}

// ----- choosing and sending -----------------------------------------------------------------
function clear() {
  chosen = [];
  message = "";
  const payload = latest.get(shown);
  if (payload) { light(payload); drawTurn(payload); }
}

function onBoardClick(e) {
  const node = e.target.closest("[data-part]");
  const payload = shown === null ? null : latest.get(shown);
  if (!node || !payload || payload.seat === null || payload.over || sending) return;
  if (!payload.legal.length) { // not my turn: the server says whom we wait for
    whyNot(payload, [node.dataset.part]);
    return;
  }
  const at = chosen.findIndex((c) => c.node === node);
  if (at >= 0) {
    chosen.splice(at, 1);
  } else if (node.classList.contains("live")) {
    const index = partNodes().filter((n) => n.dataset.part === node.dataset.part).indexOf(node);
    chosen.push({ name: node.dataset.part, node, index });
  } else { // an unlit part: the engine's reason, for it after what is chosen
    whyNot(payload, [...chosen.map((c) => c.name), node.dataset.part]);
    return;
  }
  message = "";
  const moves = candidates(payload);
  const exact = exactMoves(payload);
  if (exact.length === 1 && moves.length === 1) {
    submit(exact[0].text);
    return;
  }
  light(payload);
  drawTurn(payload);
  if (chosen.length) showNext();
}

async function submit(text, retried = false) {
  const payload = latest.get(shown);
  if (!payload || sending) return;
  const known = payload.legal.find((a) => a.text === text);
  sending = t("table.sending", { move: known ? known.label : text });
  light(payload);
  drawTurn(payload);
  try {
    const fresh = await api(`/api/tables/${tableId}/actions`, {
      method: "POST",
      body: { ...auth(payload.seat), action: text, version: payload.version,
        lang: currentLang() },
    });
    chosen = [];
    message = "";
    sending = null;
    receive(payload.seat, fresh, true);
    chooseShown(); // pushes that came while sending were drawn unlit: light them now
  } catch (e) {
    sending = null;
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.table) {
      receive(payload.seat, e.body.table, true);
      // the table moved on at a node where others act too: send again if still possible
      if (!retried && e.body.table.legal.some((a) => a.text === text)) {
        submit(text, true);
        return;
      }
    }
    message = e.message;
    chosen = [];
    const now = latest.get(shown);
    if (now) draw(now);
  }
}

// ----- explaining: why not, and how to play ---------------------------------------------------
// The page holds no rules: the server turns the parts into what they would mean and asks the
// engine why that is not possible now (POST .../explain).
let asked = 0;
async function whyNot(payload, parts) {
  const mine = ++asked;
  message = t("table.asking");
  drawTurn(payload);
  let reason;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/explain`, {
      method: "POST",
      body: { ...auth(payload.seat), parts, lang: currentLang() },
    });
    reason = answer.reason;
  } catch (e) {
    reason = e.message || t("table.not_part");
  }
  if (mine !== asked) return; // a newer click asked again
  message = reason;
  const now = latest.get(shown);
  if (now) drawTurn(now);
}

function guideButton(payload) {
  return el("p", { class: "guide-line" }, el("button", {
    type: "button", class: "guide-open", id: "guide-open", "aria-haspopup": "dialog",
    onclick: () => openGuide(payload.game),
  }, t("guide.open")), " ", BOX_GAMES.includes(payload.game) && el("a", {
    class: "button rules-open", id: "rules-open", target: "_blank", rel: "noopener",
    href: `/rules/${encodeURIComponent(payload.game)}?lang=${encodeURIComponent(currentLang())}`,
    "aria-label": t("rules.open_label", { game: t(`game.${payload.game}.name`) }),
  }, t("rules.open")));
}

// "How to play" and "How scoring works" of the game, with the notice about the data Herna
// reconstructed and the notation's help: the game's catalogs, fetched once per language.
const guides = new Map();
async function openGuide(game, section = null) {
  let dialog = document.getElementById("guide");
  if (!dialog) {
    dialog = el("dialog", { id: "guide", class: "guide", "aria-labelledby": "guide-title" });
    document.body.append(dialog);
  }
  const close = () => dialog.close();
  const key = `${game}/${currentLang()}`;
  if (!dialog.open) dialog.showModal();
  if (!guides.has(key)) {
    dialog.replaceChildren(el("p", {}, t("guide.loading")));
    try {
      guides.set(key, await api(`/api/games/${encodeURIComponent(game)}/guide?lang=${
        encodeURIComponent(currentLang())}`));
    } catch (e) {
      dialog.replaceChildren(el("p", { class: "error" }, e.message),
        el("button", { type: "button", onclick: close }, t("guide.close")));
      return;
    }
  }
  const g = guides.get(key);
  const table = g.table && el("div", { class: "guide-table-strip" }, el("table", {
    class: "guide-table" },
    el("caption", {}, g.table.caption),
    el("thead", {}, el("tr", {}, g.table.head.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, g.table.rows.map((row) => el("tr", {},
      row.map((cell, i) => (i ? el("td", {}, cell) : el("th", { scope: "row" }, cell))))))));
  dialog.replaceChildren(...[
    el("div", { class: "guide-head" },
      el("h2", { id: "guide-title" }, t(`game.${game}.name`)),
      el("button", { type: "button", class: "guide-x", "aria-label": t("guide.close"),
        onclick: close }, "×")),
    el("section", { id: "guide-play" }, el("h3", {}, t("guide.play")),
      g.play.map((text) => el("p", {}, text))),
    el("section", { id: "guide-scoring" }, el("h3", {}, t("guide.scoring")),
      g.scoring.map((text) => el("p", {}, text)), table),
    g.notice ? el("section", { id: "guide-notice", class: "notice" },
      el("h3", {}, t("guide.notice")), el("p", {}, g.notice)) : null,
    el("details", { id: "guide-notation", open: section === "notation" },
      el("summary", {}, t("guide.notation")), el("pre", {}, g.notation)),
    el("p", { class: "guide-foot" }, el("button", { type: "button", class: "primary",
      id: "guide-close", onclick: close }, t("guide.close")))].filter(Boolean));
  const at = section && document.getElementById(`guide-${section}`);
  if (at) at.scrollIntoView({ block: "start" });
}

// ----- start --------------------------------------------------------------------------------
// Signed in (the lobby says so in this browser): the seat I opened by its link becomes my
// account's, so My tables lists it on my other devices. A server without accounts, or an
// ended session, leaves the seat as it is (its token plays it as before).
async function joinAccount(token) {
  if (!localStorage.getItem("herna.account")) return;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {
      method: "POST", body: { token, lang: currentLang() },
    });
  } catch (e) {
    if (e.status === 403) throw e; // another account's seat
    if (e.status === 401 || e.status === 404) localStorage.removeItem("herna.account");
  }
}

async function main() {
  await loadWords();
  const token = readSeats();
  if (token) {
    let seat = null;
    try {
      const payload = await api(`/api/tables/${encodeURIComponent(tableId)}`, { token });
      seat = payload.seat;
      if (seat !== null && !held.has(seat)) {
        holdSeat({ table: tableId, seat, token, game: payload.game, mode: "me" });
        held.set(seat, token);
        mine.add(seat);
      }
      if (seat !== null) held.set(seat, token);
      if (seat !== null && mine.has(seat)) await joinAccount(token);
    } catch (e) {
      setStatus("gone");
      showProblem(e.message);
      return;
    }
  } else {
    const accountSeat = [...held].find(([, tok]) => tok === null);
    if (accountSeat) {
      try { // the session's seat must be mine: say why here if it is not
        await api(`/api/tables/${encodeURIComponent(tableId)}?seat=${accountSeat[0]}`);
      } catch (e) {
        setStatus("gone");
        showProblem(e.message);
        return;
      }
    }
  }
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => reconnectAll()));
  document.getElementById("prefs").replaceChildren(speedPicker());
  const board = document.getElementById("board");
  // a phone keeps "Your move" fixed at the bottom: the page makes room for it under the
  // table (however tall it is now), so every part can be scrolled above it; and a part
  // scrolled into sight (Tab reaches it, a finger's target) stops above it, not under it
  new ResizeObserver(([entry]) => {
    const fixed = getComputedStyle(entry.target).position === "fixed";
    const room = fixed ? `${Math.ceil(entry.target.getBoundingClientRect().height) + 8}px` : "";
    document.body.style.paddingBottom = room;
    document.documentElement.style.setProperty("--turn-room", room || "0px");
  }).observe(document.getElementById("turn"));
  board.addEventListener("click", onBoardClick);
  board.addEventListener("keydown", (e) => { // Tab to a lit part, Enter or Space chooses it
    if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-part]")) {
      e.preventDefault();
      onBoardClick(e);
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !e.target.closest("dialog")) clear(); // a dialog's own Esc
    const typing = e.target.closest && e.target.closest("input, textarea, select");
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z" && !typing) {
      const payload = latest.get(shown);
      if (payload && payload.undo) {
        e.preventDefault();
        sendUndo();
      }
    }
  });
  reconnectAll();
}

// A game whose payload carries `extra` geometry has a module of its own for what clicking
// cannot do (Ubongo: dragging pieces onto the card); every other game needs only this file.
let moduleAsked = false;
async function loadGameModule(payload) {
  if (moduleAsked || !payload.extra) return;
  moduleAsked = true;
  const module = await import(`./games/${payload.game}.js`);
  gameModule = module.mount(document.getElementById("board"));
  gameModule.update(payload, submit);
}

main();
