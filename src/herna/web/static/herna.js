// What every page shares: the API, the page's words (from the server's catalogs) and the
// seats this browser holds. No game rules live here or anywhere in the client.

const LANGS = ["en", "cs", "sk"];
// Herna's own games: each has a rules page (/rules/{id}) and a score pad (/score/{id}).
export const BOX_GAMES = ["alhambra", "alhambra-rw", "envyra", "ubongo"];
let words = {};
let lang = "en";

export function chosenLang() {
  const stored = localStorage.getItem("herna.lang");
  if (LANGS.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

export async function loadWords(code = chosenLang()) {
  const body = await api(`/api/messages?lang=${encodeURIComponent(code)}`);
  words = body.messages;
  lang = body.lang;
  document.documentElement.lang = lang;
  return lang;
}

export function currentLang() {
  return lang;
}

// A message in the page's language with {fields} filled in (the key itself if unknown).
export function t(key, fields = {}) {
  const template = words[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

// A counted message in the page's language: `key.<category>` by the CLDR plural rules the
// server's catalogs use (Babel there, Intl.PluralRules here): plural("lobby.n_moves", 5) in
// Czech is "5 tahů", 2 is "2 tahy". {n} and `fields` are filled in.
export function plural(key, n, fields = {}) {
  const category = new Intl.PluralRules(lang).select(n);
  const form = `${key}.${category}` in words ? `${key}.${category}` : `${key}.other`;
  return t(form, { n, ...fields });
}

// Names in a sentence, in the page's language: "Ana, Ben and Bot 3 · easy", "Ana, Ben a ..."
// (Intl.ListFormat: CLDR's commas and conjunction for each language).
export function listWords(items) {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
}

// A seat in a list to choose from: "Player 2 · Ana" (its number, from 1, then its name), or
// only its label when that has its number already ("Player 2" whom nobody named, "Bot 2 ·
// easy" beside another easy bot).
export function seatChoice(seat) {
  const n = seat.seat + 1;
  const numbered = t("seat", { seat: n });
  if (!seat.label) return numbered;
  return new RegExp(`(^|\\D)${n}(\\D|$)`).test(seat.label) ? seat.label
    : `${numbered} · ${seat.label}`;
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.reason) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// ----- the seats this browser holds: [{table, seat, token, game, mode, at}] ---------------
const SEATS_KEY = "herna.seats";

export function heldSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function holdSeat(entry) {
  const list = heldSeats().filter((s) => !(s.table === entry.table && s.seat === entry.seat));
  list.unshift({ at: Date.now(), ...entry });
  localStorage.setItem(SEATS_KEY, JSON.stringify(list.slice(0, 400)));
}

// Leave a table: this browser forgets its seats there (the game itself goes on).
export function forgetTable(table) {
  const list = heldSeats().filter((s) => s.table !== table);
  localStorage.setItem(SEATS_KEY, JSON.stringify(list));
}

export function seatsAt(table) {
  return heldSeats().filter((s) => s.table === table).sort((a, b) => a.seat - b.seat);
}

// ----- the language picker on every page --------------------------------------------------
export function languagePicker(onChange) {
  const select = document.createElement("select");
  select.className = "lang-picker";
  select.setAttribute("aria-label", t("page.language"));
  for (const code of LANGS) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = { en: "English", cs: "Čeština", sk: "Slovenčina" }[code];
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", async () => {
    localStorage.setItem("herna.lang", select.value);
    await loadWords(select.value);
    onChange(select.value);
  });
  return select;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ----- names: mine kept in this browser; a seat's name is set through the API -------------
// A name is a person's text: it is only ever set as text (el() makes text nodes), never HTML.
const NAME_KEY = "herna.name";
export const NAME_MAX = 24;

// A name as the server takes it (trimmed, 1-24 characters, no control or invisible
// characters), or null. The server checks again: this only spares a refused request.
export function cleanName(raw) {
  const name = String(raw ?? "").trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX || /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u.test(name)) return null;
  return name;
}

export function myName() {
  return cleanName(localStorage.getItem(NAME_KEY)) || "";
}

export function keepMyName(name) {
  localStorage.setItem(NAME_KEY, name);
}

// The form that asks a name: a heading, a hint, the field and its button (and Cancel when
// changing a name). `onsave(name)` may throw: its message is shown under the field.
export function nameForm({ id, title, hint = null, value = "", save, onsave, oncancel = null }) {
  const input = el("input", {
    id: `${id}-input`, type: "text", maxlength: NAME_MAX, autocomplete: "nickname",
    spellcheck: "false", value, placeholder: t("names.placeholder"), enterkeyhint: "done",
  });
  const error = el("p", { class: "error", role: "alert" });
  return el("form", {
    class: "name-prompt", id, "aria-labelledby": `${id}-title`,
    onsubmit: async (e) => {
      e.preventDefault();
      const name = cleanName(input.value);
      if (!name) {
        error.textContent = t("names.refuse_length", { most: NAME_MAX });
        input.focus();
        return;
      }
      try {
        await onsave(name);
      } catch (err) {
        error.textContent = err.message;
      }
    },
  }, el("h2", { id: `${id}-title` }, title), hint ? el("p", { class: "hint" }, hint) : null,
  el("label", { for: input.id }, t("names.label")),
  el("div", { class: "name-row" }, input,
    el("button", { type: "submit", class: "primary", id: `${id}-save` }, save),
    oncancel ? el("button", { type: "button", id: `${id}-cancel`, onclick: oncancel },
      t("names.cancel")) : null),
  error);
}

// ----- copying a link (the lobby's invitations, a replay's Share, a score pad's Share) -----
// The clipboard API needs a secure context (https or localhost); elsewhere (a LAN address
// over http) the text is selected in its input so the person copies it by hand. `said`:
// the page's own words for "copied" and "copy it by hand" (message keys).
export async function copyLink(input, note,
  said = { done: "lobby.copied", select: "lobby.copy_select" }) {
  let done = false;
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(input.value);
      done = true;
    } catch {
      done = false;
    }
  }
  if (!done) {
    input.focus();
    input.setSelectionRange(0, input.value.length);
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
  }
  note.textContent = done ? t(said.done) : t(said.select);
  note.dataset.done = done ? "yes" : "no";
  clearTimeout(note.timer);
  if (done) note.timer = setTimeout(() => { note.textContent = ""; }, 4000);
}

// ----- clocks: a time left in the page's words ---------------------------------------------
// A slow table's time (and My tables'): "4 h 12 min", "12 min", "40 s" in the catalogs' units
// (CLDR's short units: the same letters in Czech and Slovak), rounded up to what is shown.
export function timeWords(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 3600) {
    const m = Math.ceil(s / 60);
    return t("clocks.hours", { h: Math.floor(m / 60), m: m % 60 });
  }
  if (s >= 60) return t("clocks.minutes", { m: Math.ceil(s / 60) });
  return t("clocks.seconds", { s });
}

// A live clock's time, as a chess clock shows it: 4:59, 0:07, 1:02:03.
export function timeDigits(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
