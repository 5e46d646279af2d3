// The lobby: choose a game, its players, seats and options; start a table; list my tables.
import {
  api, el, heldSeats, holdSeat, languagePicker, loadWords, t,
} from "./herna.js";

const KINDS = ["me", "friend", "hotseat", "easy", "medium", "hard"];
let games = [];
const form = { game: null, players: 2, seats: [], options: {} };

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

function seatRow(i) {
  const select = el("select", {
    id: `seat-${i}`, "aria-label": t("lobby.seat", { seat: i }),
    onchange: (e) => { form.seats[i] = e.target.value; draw(); },
  }, KINDS.map((k) => el("option", { value: k, selected: form.seats[i] === k }, t(`kind.${k}`))));
  return el("div", { class: "seat-row" }, el("span", { class: "seat-name" },
    t("lobby.seat", { seat: i })), select);
}

function draw() {
  const root = document.getElementById("lobby");
  root.replaceChildren();
  const game = gameById(form.game);
  const choose = el("section", { class: "panel games" }, el("h2", {}, t("lobby.choose")),
    el("div", { class: "game-cards" }, games.map((g) => el("button", {
      type: "button", class: `game-card${g.id === form.game ? " chosen" : ""}`,
      "data-game": g.id, "aria-pressed": g.id === form.game ? "true" : "false",
      onclick: () => pickGame(g.id),
    }, el("strong", {}, g.name), el("span", {}, t(`game.${g.id}.blurb`)),
    el("small", {}, t("lobby.players_range", {
      min: g.players[0], max: g.players[g.players.length - 1],
    }))))));
  const players = el("label", { class: "option", for: "players" },
    el("span", {}, t("lobby.players")),
    el("select", { id: "players", onchange: (e) => setPlayers(Number(e.target.value)) },
      game.players.map((n) => el("option", { value: n, selected: n === form.players }, n))));
  const setup = el("section", { class: "panel setup" }, el("h2", {}, game.name), players,
    el("div", { class: "seats" }, form.seats.map((_, i) => seatRow(i))),
    game.options.length ? el("h3", {}, t("lobby.options")) : null,
    game.options.map((o) => optionInput(game, o)),
    el("p", { class: "hint" }, t(`game.${game.id}.auto`) === `game.${game.id}.auto` ? null
      : t(`game.${game.id}.auto`)),
    el("button", { type: "button", id: "start", class: "primary", onclick: start },
      t("lobby.start")),
    el("p", { id: "lobby-error", class: "error", role: "alert" }));
  root.append(choose, setup, el("section", { id: "created", class: "panel", hidden: true }),
    el("section", { id: "mine", class: "panel" }, el("h2", {}, t("lobby.mine"))));
  listMine();
}

async function start() {
  const error = document.getElementById("lobby-error");
  error.textContent = "";
  const seats = form.seats.map((k) => (["easy", "medium", "hard"].includes(k)
    ? { kind: "bot", level: k } : { kind: "human" }));
  let made;
  try {
    made = await api("/api/tables", {
      method: "POST",
      body: {
        game: form.game, players: form.players, seats, options: form.options,
        lang: document.documentElement.lang,
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
      friends.push(s);
    }
  });
  if (!friends.length) {
    window.location.href = mine ? mine.url : made.watch_url;
    return;
  }
  const box = document.getElementById("created");
  const link = (url) => new URL(url, window.location.href).href;
  box.hidden = false;
  box.replaceChildren(el("h2", {}, t("lobby.links")), el("p", {}, t("lobby.links_hint")),
    friends.map((s) => el("div", { class: "link-row" },
      el("span", {}, t("lobby.seat", { seat: s.seat })),
      el("input", { readonly: true, value: link(s.url), "data-seat": s.seat }),
      el("button", {
        type: "button", onclick: () => navigator.clipboard?.writeText(link(s.url)),
      }, t("lobby.copy")))),
    el("div", { class: "link-row" }, el("span", {}, t("lobby.watch")),
      el("input", { readonly: true, value: link(made.watch_url) })),
    mine ? el("a", { class: "button primary", href: mine.url, id: "go" }, t("lobby.go")) : null);
  box.scrollIntoView({ behavior: "smooth" });
}

async function listMine() {
  const held = heldSeats();
  const box = document.getElementById("mine");
  if (!held.length) {
    box.append(el("p", { class: "hint" }, t("lobby.none")));
    return;
  }
  let rows;
  try {
    rows = await api("/api/my-tables", { method: "POST", body: { tokens: held.map((s) => s.token) } });
  } catch (e) {
    box.append(el("p", { class: "error" }, e.message));
    return;
  }
  const seen = new Set();
  const list = el("ul", { class: "my-tables" });
  for (const r of rows) {
    if (seen.has(r.id)) continue; // hot-seat: one row per table
    seen.add(r.id);
    const name = gameById(r.game)?.name || r.game;
    list.append(el("li", { class: r.over ? "over" : "open" },
      el("a", { href: `/t/${r.id}#token=${r.token}` }, name),
      el("span", {}, t("lobby.table_line", { players: r.players, moves: r.moves })),
      el("span", { class: "badge" }, r.over ? t("lobby.finished") : t("lobby.open"))));
  }
  box.append(list);
}

async function main() {
  await loadWords();
  document.title = t("page.lobby_title");
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => {
    document.title = t("page.lobby_title");
    draw();
  }));
  games = await api("/api/games");
  pickGame(games[0].id);
}

main();
