// What every page shares: the API, the page's words (from the server's catalogs) and the
// seats this browser holds. No game rules live here or anywhere in the client.

const LANGS = ["en", "cs", "sk"];
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
