// The lobby: choose a game, its players, seats and options; start a table; hand each friend
// a link (copy, share, QR code); list my tables. The server decides everything about play.
import {
  api, BOX_GAMES, cleanName, copyLink, currentLang, el, forgetTable, heldSeats, holdSeat,
  keepMyName, languagePicker, loadWords, myName, NAME_MAX, nameForm, plural, t, timeWords,
} from "./herna.js";
import qrcode from "./vendor/qrcode-generator-2.0.4.js";

const KINDS = ["me", "friend", "hotseat", "easy", "medium", "hard"];
let games = [];
const form = {
  game: null, players: 2, seats: [], names: [], options: {}, undo: true, hints: true, clock: "none",
  clockLevel: "medium", rated: false,
};
// The clocks the lobby offers (the API takes any within its limits: docs/API.md, Clocks):
// a time per move, a bank with an increment, a slow table; each with a grace period before
// a bot of the chosen level takes over a seat whose time ran out.
const CLOCKS = {
  none: null,
  move: { kind: "move", seconds: 30, grace: 30 },
  bank: { kind: "bank", seconds: 300, increment: 5, grace: 30 },
  slow: { kind: "slow", seconds: 86400, grace: 3600 },
};
const LEVELS = ["easy", "medium", "hard"];

function gameById(id) {
  return games.find((g) => g.id === id);
}

function pickGame(id) {
  const game = gameById(id);
  form.game = id;
  form.players = game.players.includes(form.players) ? form.players : game.players.includes(2)
    ? 2 : game.players[0];
  form.options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
  setPlayers(form.players);
}

function setPlayers(n) {
  form.players = n;
  const seats = form.seats.slice(0, n);
  while (seats.length < n) seats.push(seats.length === 0 ? "me" : "medium");
  form.seats = seats;
  draw();
}

function optionLabel(game, option) {
  const key = `opt.${game.id}.${option.name}`;
  const label = t(key);
  return label === key ? option.help || option.name : label;
}

function choiceLabel(game, option, value) {
  const key = `choice.${game.id}.${option.name}.${value}`;
  const label = t(key);
  return label === key ? String(value === "" ? t("choice.none") : value) : label;
}

function optionInput(game, option) {
  const id = `opt-${option.name}`;
  const value = form.options[option.name];
  let input;
  if (option.type === "bool") {
    input = el("input", {
      type: "checkbox", id, checked: value,
      onchange: (e) => { form.options[option.name] = e.target.checked; },
    });
    return el("label", { class: "option check", for: id }, input, " ", optionLabel(game, option));
  }
  if (option.choices.length) {
    input = el("select", {
      id, onchange: (e) => {
        const raw = e.target.value;
        form.options[option.name] = option.type === "int" ? Number(raw) : raw;
      },
    }, option.choices.map((c) => el("option", { value: c, selected: c === value },
      choiceLabel(game, option, c))));
  } else {
    input = el("input", {
      id, value, type: option.type === "str" ? "text" : "number", min: 0,
      onchange: (e) => {
        const raw = e.target.value;
        form.options[option.name] = option.type === "str" ? raw : Number(raw);
      },
    });
  }
  return el("label", { class: "option", for: id }, el("span", {}, optionLabel(game, option)),
    input);
}

// A rated game changes its players' ratings; it is played without undo and hints.
function ratedOption() {
  const input = el("input", {
    type: "checkbox", id: "opt-rated", checked: form.rated,
    onchange: (e) => {
      form.rated = e.target.checked;
      if (form.rated) {
        form.undo = false;
        form.hints = false;
      }
      draw();
    },
  });
  return el("label", { class: "option check", for: "opt-rated" }, input, " ", t("lobby.rated"));
}

// The table's own switch, beside the game's options: may players take back a step within
// their turn (a rated game turns it off)?
function undoOption() {
  const input = el("input", {
    type: "checkbox", id: "opt-undo", checked: form.undo, disabled: form.rated,
    onchange: (e) => { form.undo = e.target.checked; },
  });
  return el("label", { class: "option check", for: "opt-undo" }, input, " ", t("lobby.undo"));
}

// The other switch a rated game turns off: may players ask what the hard bot would play?
function hintsOption() {
  const input = el("input", {
    type: "checkbox", id: "opt-hints", checked: form.hints, disabled: form.rated,
    onchange: (e) => { form.hints = e.target.checked; },
  });
  return el("label", { class: "option check", for: "opt-hints" }, input, " ", t("lobby.hints"));
}

// The table's clock, and the bot that takes over a seat whose time ran out (shown with a
// clock only).
function clockOption() {
  const kind = el("label", { class: "option", for: "clock" }, el("span", {}, t("lobby.clock")),
    el("select", {
      id: "clock", onchange: (e) => { form.clock = e.target.value; draw(); },
    }, Object.keys(CLOCKS).map((k) => el("option", { value: k, selected: form.clock === k },
      t(`lobby.clock.${k}`)))));
  if (!CLOCKS[form.clock]) return kind;
  const level = el("label", { class: "option", for: "clock-level" },
    el("span", {}, t("lobby.clock_level")),
    el("select", {
      id: "clock-level", onchange: (e) => { form.clockLevel = e.target.value; },
    }, LEVELS.map((l) => el("option", { value: l, selected: form.clockLevel === l },
      t(`level.${l}`)))));
  return [kind, level, el("p", { class: "hint", id: "clock-hint" }, t("lobby.clock_hint"))];
}

// Seats are numbered from 1 for people (the API's seat 0 is "Player 1" here).
function seatRow(i) {
  const select = el("select", {
    id: `seat-${i}`, "aria-label": t("lobby.seat", { seat: i + 1 }),
    onchange: (e) => { form.seats[i] = e.target.value; draw(); },
  }, KINDS.map((k) => el("option", { value: k, selected: form.seats[i] === k }, t(`kind.${k}`))));
  // a player on this device is asked a name here; mine is the one above (kept in this browser)
  const name = form.seats[i] === "hotseat" ? el("input", {
    id: `seat-name-${i}`, class: "seat-player", type: "text", maxlength: 24,
    autocomplete: "off", spellcheck: "false", value: form.names[i] || "",
    placeholder: t("names.player", { n: i + 1 }),
    "aria-label": t("names.seat_label", { n: i + 1 }),
    oninput: (e) => { form.names[i] = e.target.value; },
  }) : null;
  return el("div", { class: "seat-row" }, el("span", { class: "seat-name" },
    t("lobby.seat", { seat: i + 1 })), select, name);
}

// My name: asked once (an empty browser shows the question), kept in this browser, changed
// here; it names my seat at every table I start or join from this browser.
let changingName = false;

function drawName() {
  const slot = document.getElementById("name-slot");
  const name = myName();
  if (name && !changingName) {
    slot.replaceChildren(el("section", { class: "panel my-name" },
      el("span", { id: "my-name" }, t("names.mine", { name })),
      el("button", {
        type: "button", id: "change-name", onclick: () => { changingName = true; drawName(); },
      }, t("names.change"))));
    return;
  }
  slot.replaceChildren(el("section", { class: "panel my-name asking" }, nameForm({
    id: "name-ask", title: t("names.ask_title"), hint: t("names.ask_hint"), value: name,
    save: t("names.save"),
    onsave: (chosen) => { keepMyName(chosen); changingName = false; drawName(); },
    oncancel: name ? () => { changingName = false; drawName(); } : null,
  })));
}

// What I typed counts even if I pressed Start, not Save.
function nameTyped() {
  const typed = cleanName(document.getElementById("name-ask-input")?.value);
  if (typed) {
    keepMyName(typed);
    changingName = false;
    drawName();
  }
  return myName();
}

// The choice of game and the set-up are redrawn on every change; the invitation (#created)
// and my tables (#mine) are separate sections that live on across those redraws.
function draw() {
  const root = document.getElementById("setup-slot");
  const game = gameById(form.game);
  const choose = el("section", { class: "panel games" }, el("h2", {}, t("lobby.choose")),
    el("div", { class: "game-cards" }, games.map((g) => el("button", {
      type: "button", class: `game-card${g.id === form.game ? " chosen" : ""}`,
      "data-game": g.id, "aria-pressed": g.id === form.game ? "true" : "false",
      onclick: () => pickGame(g.id),
    }, el("strong", {}, gameName(g.id)), el("span", {}, t(`game.${g.id}.blurb`)),
    el("small", {}, plural("lobby.players_range", g.players[g.players.length - 1], {
      min: g.players[0], max: g.players[g.players.length - 1],
    }))))));
  const players = el("label", { class: "option", for: "players" },
    el("span", {}, t("lobby.players")),
    el("select", { id: "players", onchange: (e) => setPlayers(Number(e.target.value)) },
      game.players.map((n) => el("option", { value: n, selected: n === form.players }, n))));
  // Ubongo's puzzles can be practised alone, away from any table (practice.js)
  const practice = game.id === "ubongo" ? el("p", { class: "practice-line" }, el("a", {
    class: "button", id: "practice-link", href: "/practice" }, t("practice.lobby"))) : null;
  const setup = el("section", { class: "panel setup" }, el("h2", {}, gameName(game.id)), practice,
    boxLinks(game.id), players,
    el("div", { class: "seats" }, form.seats.map((_, i) => seatRow(i))),
    el("h3", {}, t("lobby.options")),
    game.options.map((o) => optionInput(game, o)),
    ratedOption(),
    undoOption(),
    hintsOption(),
    clockOption(),
    el("p", { class: "hint" }, t(`game.${game.id}.auto`) === `game.${game.id}.auto` ? null
      : t(`game.${game.id}.auto`)),
    el("button", { type: "button", id: "start", class: "primary", onclick: start },
      t("lobby.start")),
    el("p", { id: "lobby-error", class: "error", role: "alert" }));
  root.replaceChildren(choose, setup);
}

// Each game's rules page and its score pad (for a game played with the real box).
function boxLinks(id) {
  if (!BOX_GAMES.includes(id)) return null;
  const lang = encodeURIComponent(document.documentElement.lang);
  return el("p", { class: "box-links" },
    el("a", { class: "button", id: "lobby-rules", href: `/rules/${id}?lang=${lang}`,
      "aria-label": t("pads.rules_label", { game: gameName(id) }) }, t("rules.open")),
    el("a", { class: "button", id: "lobby-pad", href: `/score/${id}`,
      "aria-label": t("pads.open_label", { game: gameName(id) }) }, t("pads.open")));
}

function gameName(id) {
  const key = `game.${id}.name`;
  return t(key) === key ? gameById(id)?.name || id : t(key);
}

async function start() {
  const error = document.getElementById("lobby-error");
  error.textContent = "";
  const me = nameTyped();
  const seats = form.seats.map((k, i) => {
    if (["easy", "medium", "hard"].includes(k)) return { kind: "bot", level: k };
    const name = k === "me" ? me : k === "hotseat" ? cleanName(form.names[i]) : null;
    const seat = name ? { kind: "human", name } : { kind: "human" };
    // signed in: my seat is my account's (My tables follows me to my other devices)
    if (k === "me" && signedIn()) seat.account = true;
    return seat;
  });
  let made;
  try {
    made = await api("/api/tables", {
      method: "POST",
      body: {
        game: form.game, players: form.players, seats, options: form.options,
        undo: form.undo && !form.rated, hints: form.hints && !form.rated, rated: form.rated,
        lang: document.documentElement.lang,
        clock: CLOCKS[form.clock] ? { ...CLOCKS[form.clock], level: form.clockLevel } : null,
      },
    });
  } catch (e) {
    error.textContent = e.message;
    return;
  }
  const friends = [];
  let mine = null;
  made.seats.forEach((s, i) => {
    const kind = form.seats[i];
    if (kind === "me" || kind === "hotseat") {
      holdSeat({ table: made.id, seat: i, token: s.token, game: form.game, mode: kind });
      if (!mine) mine = s;
    } else if (kind === "friend") {
      friends.push({ seat: s.seat, token: s.token });
    }
  });
  if (!friends.length) {
    window.location.href = mine ? mine.url : made.watch_url;
    return;
  }
  keepInvite({ table: made.id, game: form.game, friends });
  showInvite(made.id);
  refreshMine();
  document.getElementById("created").scrollIntoView({ behavior: "smooth", block: "start" });
}

// ----- the invitation: one card per friend -------------------------------------------------
// The friends' links are kept in this browser too (herna.invites), so a table I started
// stays in My tables, and its links can be shown again, even if I took no seat myself.
const INVITES_KEY = "herna.invites";
let invited = null; // the table whose invitation is shown

function invites() {
  try {
    const list = JSON.parse(localStorage.getItem(INVITES_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function keepInvite(entry) {
  const list = invites().filter((i) => i.table !== entry.table);
  list.unshift({ at: Date.now(), ...entry });
  localStorage.setItem(INVITES_KEY, JSON.stringify(list.slice(0, 100)));
}

function forgetInvite(table) {
  localStorage.setItem(INVITES_KEY, JSON.stringify(invites().filter((i) => i.table !== table)));
}

// A link as a person sends it: absolute, with the token in the fragment (never sent).
function absolute(path) {
  return new URL(path, window.location.origin).href;
}

function seatPath(table, token) {
  return `/t/${encodeURIComponent(table)}#token=${encodeURIComponent(token)}`;
}

function showInvite(table) {
  const box = document.getElementById("created");
  const invite = invites().find((i) => i.table === table);
  invited = invite ? table : null;
  if (!invite) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const mine = heldSeats().filter((s) => s.table === table).sort((a, b) => a.seat - b.seat)[0];
  const watch = absolute(`/t/${encodeURIComponent(table)}`);
  box.hidden = false;
  box.dataset.table = table;
  box.replaceChildren(
    el("h2", {}, t("lobby.links"), " · ", gameName(invite.game)),
    el("p", { class: "hint" }, t("lobby.links_hint")),
    el("div", { class: "invites" }, invite.friends.map((f) => inviteCard(invite, f))),
    el("div", { class: "watch-row" },
      el("label", { for: "watch-link" }, t("lobby.watch")),
      linkField(watch, { id: "watch-link", "aria-label": t("lobby.watch") })),
    el("div", { class: "go-row" },
      mine ? el("a", { class: "button primary", id: "go", href: seatPath(table, mine.token) },
        t("lobby.open_seat")) : null,
      el("a", { class: `button${mine ? "" : " primary"}`, id: "watch", href: watch },
        t("lobby.open_watch"))));
}

function inviteCard(invite, friend) {
  const url = absolute(seatPath(invite.table, friend.token));
  const label = t("lobby.seat", { seat: friend.seat + 1 });
  const qr = el("div", {
    class: "qr", role: "img", "aria-label": t("lobby.qr", { seat: friend.seat + 1 }),
    "data-text": url,
  });
  qr.innerHTML = qrSvg(url);
  return el("article", { class: "invite-card", "data-seat": friend.seat },
    el("h3", {}, label),
    linkField(url, {
      class: "link", "data-seat": friend.seat,
      "aria-label": t("lobby.link_label", { seat: friend.seat + 1 }),
    }, {
      title: t("lobby.share_title", { game: gameName(invite.game) }),
      text: t("lobby.share_text", { game: gameName(invite.game) }),
    }),
    el("figure", {}, qr, el("figcaption", { class: "hint" }, t("lobby.qr_hint"))));
}

// The QR code is the library's own SVG (a path of dark modules), scaled by CSS.
function qrSvg(text) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 8, scalable: true });
}

// A read-only input that scrolls within itself (a long link never widens the page), with a
// Copy button and, where the device can share, a Share button.
function linkField(value, attrs, share = null) {
  const input = el("input", { type: "text", readonly: true, value, spellcheck: "false",
    ...attrs, onfocus: (e) => e.target.select() });
  const note = el("span", { class: "copied", role: "status", "aria-live": "polite" });
  const copy = el("button", {
    type: "button", class: "copy", "data-seat": attrs["data-seat"],
    onclick: () => copyLink(input, note),
  }, t("lobby.copy"));
  const buttons = [copy];
  if (share && typeof navigator.share === "function") {
    buttons.push(el("button", {
      type: "button", class: "share", "data-seat": attrs["data-seat"],
      onclick: () => navigator.share({ ...share, url: value }).catch(() => {}),
    }, t("lobby.share")));
  }
  return el("div", { class: "link-field" }, input, el("div", { class: "link-buttons" },
    buttons, note));
}

// ----- my tables -----------------------------------------------------------------------------
// Refreshed without a reload: every POLL_MS while the page is visible, at once when it
// becomes visible again, and when another tab of this browser holds or leaves a seat
// (the storage event). Redrawn only when something changed, so nothing flickers.
const POLL_MS = 5000;
let shownMine = null;
let asking = false;
let askAgain = false; // a change came while asking: ask once more when the answer is in

async function refreshMine(force = false) {
  if (asking) {
    askAgain = true;
    return;
  }
  const held = heldSeats();
  const mineTokens = new Map(held.map((s) => [s.token, s]));
  const friendTokens = new Map();
  for (const i of invites()) {
    for (const f of i.friends) friendTokens.set(f.token, i);
  }
  const tokens = [...mineTokens.keys(), ...friendTokens.keys()].slice(0, 500);
  let rows = [];
  let failed = false;
  if (tokens.length || signedIn()) { // signed in: my account's seats come with the cookie
    asking = true;
    try {
      rows = await api("/api/my-tables", { method: "POST", body: { tokens } });
    } catch {
      failed = true;
    } finally {
      asking = false;
    }
    if (askAgain) {
      askAgain = false;
      refreshMine(true);
      return;
    }
  }
  // one row per table: my own seat if I hold one (the lowest, for hot-seat), else the invite
  // (hot-seat: the seat whose move it is); the tables waiting for my move first, the least
  // time left first (the server's order, kept for the rest)
  const tables = new Map();
  for (const r of rows) {
    // a seat of my account with no token in this browser (taken on another device) is mine
    const seat = mineTokens.get(r.token) || (r.account && !r.token ? { mode: "me" } : null);
    const before = tables.get(r.id);
    const waits = Boolean(seat) && r.my_move;
    if (!before || (seat && (!before.mine || (waits && !before.waits)
        || (waits === before.waits && r.seat < before.seat)))) {
      tables.set(r.id, { ...r, mine: Boolean(seat), waits });
    }
  }
  const list = [...tables.values()].map((r, i) => ({ ...r, order: i }));
  list.sort((a, b) => (b.waits - a.waits)
    || (a.waits ? (a.left ?? Infinity) - (b.left ?? Infinity) : 0) || a.order - b.order);
  // what the row says of my move: redrawn when its words change, not at every second
  for (const r of list) {
    r.said = r.mine && r.stand_in ? t("lobby.bot_plays") : !r.waits ? null
      : r.left === null || r.left === undefined ? t("lobby.your_move")
        : t("lobby.your_move_left", { time: timeWords(r.left) });
    delete r.left;
  }
  const key = JSON.stringify([failed, list, currentWordsKey()]);
  if (!force && key === shownMine) return;
  shownMine = key;
  drawMine(list, failed);
}

function currentWordsKey() {
  return document.documentElement.lang;
}

// The tab's title counts the tables waiting for my move, "(2) Herna · ...", as mail does:
// a lobby left open in the background says when a friend has moved.
let waitingForMe = 0;

function setTitle() {
  const title = t("page.lobby_title");
  document.title = waitingForMe ? `(${waitingForMe}) ${title}` : title;
}

function drawMine(list, failed) {
  waitingForMe = list.filter((r) => r.waits && !r.over).length;
  setTitle();
  const box = document.getElementById("mine");
  const parts = [el("h2", {}, t("lobby.mine"))];
  if (failed) parts.push(el("p", { class: "error" }, t("lobby.offline")));
  if (!list.length && !failed) parts.push(el("p", { class: "hint" }, t("lobby.none")));
  if (list.length) {
    parts.push(el("ul", { class: "my-tables" }, list.map((r) => {
      const name = gameName(r.game);
      const hasInvite = invites().some((i) => i.table === r.id);
      const href = r.mine && r.token ? seatPath(r.id, r.token) : r.mine
        ? `/t/${encodeURIComponent(r.id)}#seat=${r.seat}` : `/t/${encodeURIComponent(r.id)}`;
      return el("li", {
        class: `${r.over ? "over" : "open"}${r.waits ? " my-move" : ""}`, "data-table": r.id,
      },
        el("div", { class: "what" },
          el("strong", {}, name), " ",
          el("span", { class: "badge" }, r.over ? t("lobby.finished") : t("lobby.open")),
          r.said ? [" ", el("span", { class: "badge waits" }, r.said)] : null,
          el("span", { class: "line" }, [
            plural("lobby.n_players", r.players), plural("lobby.n_moves", r.moves),
            // my seat by my name there, or numbered from 1 until I give one
            r.mine ? r.name || t("lobby.seat", { seat: r.seat + 1 }) : t("lobby.host"),
          ].join(" · "))),
        el("div", { class: "row-buttons" },
          el("a", { class: "button reopen", href }, r.mine ? t("lobby.reopen")
            : t("lobby.watch")),
          r.over ? el("a", {
            class: "button replay", href: `/r/${encodeURIComponent(r.id)}${r.mine
              ? `?seat=${r.seat}` : ""}`,
          }, t("lobby.replay")) : null,
          hasInvite ? el("button", {
            type: "button", class: "links", onclick: () => {
              showInvite(r.id);
              document.getElementById("created").scrollIntoView({ block: "start" });
            },
          }, t("lobby.links_again")) : null,
          // my account's seat stays in the list of every device: nothing here to forget
          r.token || !r.mine ? el("button", {
            type: "button", class: "leave", "aria-label": t("lobby.leave_label", { game: name }),
            onclick: () => leave(r.id),
          }, t("lobby.leave")) : null));
    })));
  }
  // a game record from a file (herna play --save, herna simulate --records) opens there too
  parts.push(el("p", { class: "open-record" }, el("a", { href: "/r", id: "open-record" },
    t("lobby.open_record"))));
  // my finished games, statistics and ratings (/me)
  parts.push(el("p", { class: "history-line" }, el("a", {
    class: "button", href: "/me", id: "history-link" }, t("lobby.history"))));
  box.replaceChildren(...parts);
}

function leave(table) {
  if (!window.confirm(t("lobby.leave_confirm"))) return;
  forgetTable(table);
  forgetInvite(table);
  if (invited === table) showInvite(null);
  refreshMine(true);
}

function watchMine() {
  refreshMine(true);
  setInterval(() => {
    if (document.visibilityState === "visible") refreshMine();
  }, POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshMine();
  });
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === "herna.seats" || e.key === INVITES_KEY) refreshMine();
  });
}

// ----- my account (a shared server: herna serve --accounts) ---------------------------------
// The server says who is signed in (the session is an HttpOnly cookie no script reads);
// `account` is null on a private server (no account UI), else {player: null | {id, name}}.
// This browser notes the name (herna.account) so a table page knows to join my seats to it.
const ACCOUNT_KEY = "herna.account";
let account = null;
let accountForm = null; // "signin" | "signup" while its form is open

function signedIn() {
  return Boolean(account && account.player);
}

async function loadAccount() {
  try {
    account = await api("/api/account");
  } catch {
    account = null; // 404: a private server, names in the browser only
  }
  if (signedIn()) localStorage.setItem(ACCOUNT_KEY, account.player.name);
  else localStorage.removeItem(ACCOUNT_KEY);
}

function drawAccount() {
  const slot = document.getElementById("account-slot");
  const panel = document.getElementById("account-panel");
  if (!account) {
    slot.replaceChildren();
    panel.replaceChildren();
    return;
  }
  if (signedIn()) {
    accountForm = null;
    slot.replaceChildren(el("details", { class: "account-menu", id: "account-menu" },
      el("summary", { id: "account-name", title: t("account.signed_in",
        { name: account.player.name }) }, account.player.name),
      el("div", { class: "account-list" },
        el("p", { class: "hint" }, t("account.signed_in", { name: account.player.name })),
        el("button", { type: "button", id: "log-out", onclick: () => logOut(false) },
          t("account.log_out")),
        el("button", { type: "button", id: "log-out-all", onclick: () => logOut(true) },
          t("account.log_out_all")))));
  } else {
    slot.replaceChildren(
      el("button", { type: "button", id: "sign-in", class: "small",
        "aria-expanded": accountForm === "signin" ? "true" : "false",
        onclick: () => openAccountForm("signin") }, t("account.sign_in")),
      el("button", { type: "button", id: "sign-up", class: "small",
        "aria-expanded": accountForm === "signup" ? "true" : "false",
        onclick: () => openAccountForm("signup") }, t("account.sign_up")));
  }
  // what is typed survives a redraw (another language, the other form)
  const typed = ["account-name-input", "account-password-input"].map((id) => [id,
    document.getElementById(id)?.value]);
  panel.replaceChildren(accountForm ? accountPanel(accountForm) : "");
  for (const [id, value] of typed) {
    const input = document.getElementById(id);
    if (input && value) input.value = value;
  }
}

function openAccountForm(kind) {
  accountForm = accountForm === kind ? null : kind;
  drawAccount();
  if (accountForm) document.getElementById("account-name-input").focus();
}

function accountPanel(kind) {
  const signup = kind === "signup";
  const name = el("input", {
    id: "account-name-input", type: "text", maxlength: 32, required: true,
    autocomplete: "username", spellcheck: "false", autocapitalize: "off",
  });
  const password = el("input", {
    id: "account-password-input", type: "password", required: true, minlength: signup ? 8 : null,
    autocomplete: signup ? "new-password" : "current-password",
  });
  const error = el("p", { class: "error", role: "alert", id: "account-error" });
  return el("form", {
    class: "panel account-form", id: `account-${kind}`, "aria-labelledby": "account-title",
    onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      try {
        const answer = await api(`/api/account/${kind}`, {
          method: "POST",
          body: { name: name.value, password: password.value, lang: currentLang() },
        });
        account = { player: answer.player };
        localStorage.setItem(ACCOUNT_KEY, answer.player.name);
        // the display name at tables defaults to the account's (at most a seat name's length)
        const shown = cleanName([...answer.player.name].slice(0, NAME_MAX).join(""));
        if (shown) keepMyName(shown);
        accountForm = null;
        drawAccount();
        drawName();
        refreshMine(true);
      } catch (err) {
        error.textContent = err.message;
      }
    },
  }, el("h2", { id: "account-title" }, signup ? t("account.sign_up_title")
    : t("account.sign_in_title")),
  signup ? el("p", { class: "hint" }, t("account.sign_up_hint")) : null,
  el("label", { for: name.id }, t("account.name")), name,
  el("label", { for: password.id }, t("account.password")), password,
  signup ? el("p", { class: "hint" }, t("account.password_hint", { least: 8 })) : null,
  el("div", { class: "name-row" },
    el("button", { type: "submit", class: "primary", id: "account-submit" },
      signup ? t("account.sign_up") : t("account.sign_in")),
    el("button", { type: "button", id: "account-cancel",
      onclick: () => { accountForm = null; drawAccount(); } }, t("account.cancel"))),
  error,
  // the other form (a phone's bar offers "Sign in" only)
  el("p", { class: "account-switch" }, el("button", {
    type: "button", class: "link", id: "account-switch",
    onclick: () => openAccountForm(signup ? "signin" : "signup"),
  }, signup ? t("account.have_one") : t("account.need_one"))));
}

async function logOut(everywhere) {
  try {
    await api(`/api/account/${everywhere ? "logout-everywhere" : "logout"}`, {
      method: "POST", body: { lang: currentLang() },
    });
  } catch {
    // signed out already (an ended session): the page shows it as it is below
  }
  await loadAccount();
  drawAccount();
  refreshMine(true);
}

async function main() {
  await loadWords();
  setTitle();
  await loadAccount();
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => {
    setTitle();
    drawAccount();
    drawName();
    draw();
    if (invited) showInvite(invited);
    refreshMine(true);
  }));
  games = await api("/api/games");
  document.getElementById("lobby").replaceChildren(
    el("div", { id: "account-panel" }),
    el("div", { id: "name-slot" }),
    el("div", { id: "setup-slot" }),
    el("section", { id: "created", class: "panel", hidden: true, "aria-live": "polite" }),
    el("section", { id: "mine", class: "panel" }, el("h2", {}, t("lobby.mine"))));
  drawAccount();
  drawName();
  pickGame(games[0].id);
  watchMine();
}

main();
