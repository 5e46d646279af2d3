// The score pads for games played with the real box (issue 22). The form is drawn from what
// the server says a pad asks (GET /api/score/{game}: fields, bounds, words); the points are
// counted by the server with the CLI pad's own scoring (POST /api/score/{game}), each one
// explained. No rule lives here. Save keeps a pad in this browser, Share sends a link whose
// fragment carries the entries (#e=...), so the link reopens the same pad. A service worker
// (/score/sw.js) keeps the pages, scripts, styles and words: offline the entries stay, the
// page says the points will be counted when the connection is back, and counts them then.
import {
  api, ApiError, copyLink, currentLang, el, languagePicker, loadWords, t,
} from "./herna.js";

const DRAFT = "herna.pad.draft."; // + game: the entries being typed, kept at every change
const SAVED = "herna.pads"; // [{id, game, at, entries, result}]: the pads saved here
const ANSWERS = "herna.pad.answers"; // the last answers by their entries, for offline use
const SAVED_MAX = 100;
const COPY_WORDS = { done: "pads.copied", select: "pads.copy_select" };
const ANSWERS_MAX = 40;

const route = location.pathname.replace(/^\/score\/?/, "").replace(/\/$/, "");
const game = route ? decodeURIComponent(route) : null;

let form = null; // the server's description of this game's pad
let pad = null; // {players: [{name, values}], virtual: [{values}], settings: {}}
let shown = null; // the answer on screen: {key, result}
let pending = false; // counting was asked while offline: count when back online
let origin = null; // where the entries came from: "link" or a saved pad's id

// ----- keeping things in this browser ------------------------------------------------------
function readList(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function writeList(key, list, most) {
  localStorage.setItem(key, JSON.stringify(list.slice(0, most)));
}

function savedPads() {
  return readList(SAVED).filter((s) => s && typeof s.id === "string" && s.entries);
}

function keepDraft() {
  localStorage.setItem(DRAFT + game, JSON.stringify(pad));
}

// ----- the pad's entries ------------------------------------------------------------------
function blankPad() {
  const n = form.players.default;
  const players = Array.from({ length: n }, () => ({ name: "", values: {} }));
  return { players, virtual: virtualRows(n, []), settings: {} };
}

function allowedVirtual(n) {
  if (!form.virtual) return [0];
  return form.virtual.counts[String(n)] || [0];
}

function virtualRows(n, rows) {
  const allowed = allowedVirtual(n);
  const count = allowed.includes(rows.length) ? rows.length : allowed[0];
  const out = rows.slice(0, count);
  while (out.length < count) out.push({ values: {} });
  return out;
}

// A pad read back (a draft, a link, a saved pad) is trusted for its shape only: values the
// form does not know are dropped, and the server checks everything again.
function cleanPad(raw) {
  if (!raw || typeof raw !== "object" || !Array.isArray(raw.players)) return null;
  const keys = new Set(form.fields.map((f) => f.key));
  const values = (v) => Object.fromEntries(Object.entries(v && typeof v === "object" ? v : {})
    .filter(([k]) => keys.has(k)));
  const players = raw.players.slice(0, form.players.max).map((p) => ({
    name: typeof p?.name === "string" ? p.name.slice(0, 24) : "", values: values(p?.values),
  }));
  while (players.length < form.players.min) players.push({ name: "", values: {} });
  const virtual = virtualRows(players.length, (Array.isArray(raw.virtual) ? raw.virtual : [])
    .map((v) => ({ values: values(v?.values) })));
  const settings = raw.settings && typeof raw.settings === "object" ? raw.settings : {};
  return { players, virtual, settings };
}

function fieldShown(spec, values) {
  const cond = spec.shown_if;
  if (!cond) return true;
  if (cond.key !== undefined) return (values[cond.key] ?? 0) === cond.equals;
  if (cond.players) return cond.players.includes(pad.players.length);
  return true;
}

function defaultOf(spec) {
  if (spec.kind === "count") return 0;
  if (spec.kind === "check") return false;
  if (spec.kind === "cards") return [];
  if (spec.kind === "choice") return spec.choices[0].value;
  return spec.default;
}

// What the server is sent: every field of every card (a hidden one at its default, so a
// place left chosen under a count since lowered is not sent).
function entryOf(values, fields) {
  const out = {};
  for (const spec of fields) {
    const v = values[spec.key];
    out[spec.key] = fieldShown(spec, values) && v !== undefined ? v : defaultOf(spec);
  }
  return out;
}

// a virtual player's card holds the fields the server lists for it
function virtualFields() {
  return form.virtual ? form.fields.filter((f) => form.virtual.fields.includes(f.key)) : [];
}

function body() {
  const settings = {};
  for (const s of form.settings) {
    const v = pad.settings[s.key];
    settings[s.key] = fieldShown(s, {}) && v !== undefined ? v : s.default;
  }
  return {
    lang: currentLang(),
    settings,
    players: pad.players.map((p) => ({
      ...(p.name.trim() ? { name: p.name.trim() } : {}), ...entryOf(p.values, form.fields),
    })),
    virtual: pad.virtual.map((v) => entryOf(v.values, virtualFields())),
  };
}

function answerKey(b) {
  return `${game}|${JSON.stringify(b)}`;
}

// ----- the link that carries the entries ---------------------------------------------------
function encodeEntries(entries) {
  const bytes = new TextEncoder().encode(JSON.stringify(entries));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeEntries(code) {
  try {
    const text = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

function shareLink() {
  return new URL(`/score/${encodeURIComponent(game)}#e=${encodeEntries(pad)}`,
    location.origin).href;
}

// ----- drawing the pad ------------------------------------------------------------------------
function announce(text) {
  document.getElementById("pad-announce").textContent = text;
}

function status(text, kind = "") {
  const box = document.getElementById("pad-status");
  if (!box) return;
  box.textContent = text;
  box.dataset.kind = kind;
}

function gameName(id) {
  return t(`game.${id}.name`);
}

function rulesHref(id) {
  return `/rules/${encodeURIComponent(id)}?lang=${encodeURIComponent(currentLang())}`;
}

function stepper(id, spec, value, label, onchange) {
  const input = el("input", {
    id, type: "number", inputmode: "numeric", min: 0, max: spec.max, step: 1, value,
    "aria-label": label,
  });
  const set = (n, final = true) => {
    const v = Math.max(0, Math.min(spec.max, Number.isFinite(n) ? Math.trunc(n) : 0));
    if (final || String(v) !== input.value) input.value = String(v);
    onchange(v);
  };
  input.addEventListener("input", () => {
    if (input.value === "") return;
    const n = Number(input.value);
    if (Number.isFinite(n) && n >= 0 && n <= spec.max && Number.isInteger(n)) onchange(n);
  });
  input.addEventListener("change", () => set(Number(input.value)));
  return el("div", { class: "stepper" },
    el("button", {
      type: "button", class: "less", "aria-label": t("pads.less", { what: label }),
      onclick: () => set(Number(input.value) - 1),
    }, "−"),
    input,
    el("button", {
      type: "button", class: "more", "aria-label": t("pads.more", { what: label }),
      onclick: () => set(Number(input.value) + 1),
    }, "+"));
}

function fieldRow(prefix, spec, values, who) {
  const id = `pad-${prefix}-${spec.key}`;
  const changed = (v) => {
    values[spec.key] = v;
    updateShown();
    entriesChanged();
  };
  const label = t("pads.count_label", { who, what: spec.label });
  const swatch = spec.swatch ? el("span", {
    class: "swatch", style: `background:${spec.swatch}`, "aria-hidden": "true",
  }) : null;
  let control;
  if (spec.kind === "count") {
    control = stepper(id, spec, values[spec.key] ?? 0, label, changed);
  } else if (spec.kind === "choice") {
    control = el("select", {
      id, "aria-label": label,
      onchange: (e) => changed(Number(e.target.value)),
    }, spec.choices.map((c) => el("option", {
      value: c.value, selected: (values[spec.key] ?? spec.choices[0].value) === c.value,
    }, c.label)));
  } else if (spec.kind === "check") {
    const box = el("input", {
      id, type: "checkbox", checked: Boolean(values[spec.key]),
      onchange: (e) => changed(e.target.checked),
    });
    return el("label", { class: "pad-field check", for: id, "data-key": spec.key }, box,
      el("span", {}, spec.label));
  } else if (spec.kind === "cards") {
    const held = new Set(values[spec.key] || []);
    return el("fieldset", { class: "pad-cards", "data-key": spec.key },
      el("legend", {}, spec.label),
      spec.choices.map((c) => el("label", { class: "pad-field check", for: `${id}-${c.value}` },
        el("input", {
          id: `${id}-${c.value}`, type: "checkbox", checked: held.has(c.value),
          onchange: (e) => {
            const now = new Set(values[spec.key] || []);
            if (e.target.checked) now.add(c.value);
            else now.delete(c.value);
            changed(spec.choices.map((x) => x.value).filter((x) => now.has(x)));
          },
        }), el("span", {}, c.label))));
  }
  return el("div", { class: "pad-field", "data-key": spec.key, "data-kind": spec.kind },
    el("label", { for: id }, swatch, el("span", {}, spec.label)), control);
}

function fieldRows(prefix, fields, values, who) {
  const out = [];
  let group = null;
  for (const spec of fields) {
    if (spec.group && spec.group !== group) {
      group = spec.group;
      out.push(el("h4", { class: "pad-group" }, group));
    }
    out.push(fieldRow(prefix, spec, values, who));
  }
  return out;
}

function playerCard(p, i) {
  const placeholder = t("pads.player_n", { n: i + 1 });
  const who = () => p.name.trim() || placeholder;
  const name = el("input", {
    id: `pad-name-${i}`, class: "pad-name", type: "text", maxlength: 24, value: p.name,
    placeholder, autocomplete: "off", spellcheck: "false", enterkeyhint: "next",
    "aria-label": t("pads.name_label", { n: i + 1 }),
    oninput: (e) => {
      p.name = e.target.value;
      entriesChanged();
    },
  });
  const remove = pad.players.length > form.players.min ? el("button", {
    type: "button", class: "pad-remove", id: `pad-remove-${i}`,
    "aria-label": t("pads.remove_label", { name: who() }),
    onclick: () => {
      pad.players.splice(i, 1);
      pad.virtual = virtualRows(pad.players.length, pad.virtual);
      entriesChanged();
      drawEntries();
    },
  }, t("pads.remove")) : null;
  return el("article", { class: "pad-card", "data-player": i },
    el("div", { class: "pad-card-head" }, name, remove),
    fieldRows(String(i), form.fields, p.values, who()));
}

function virtualCard(v, i) {
  const name = form.virtual.names[i];
  return el("article", { class: "pad-card virtual", "data-virtual": i },
    el("div", { class: "pad-card-head" }, el("h3", {}, name)),
    fieldRows(`v${i}`, virtualFields(), v.values, name));
}

function settingsPanel() {
  const parts = [];
  for (const s of form.settings) {
    const id = `pad-set-${s.key}`;
    const value = pad.settings[s.key] ?? s.default;
    let row;
    if (s.kind === "check") {
      row = el("label", { class: "pad-field check", for: id, "data-setting": s.key },
        el("input", {
          id, type: "checkbox", checked: Boolean(value),
          onchange: (e) => { pad.settings[s.key] = e.target.checked; entriesChanged(); },
        }), el("span", {}, s.label));
    } else {
      row = el("div", { class: "pad-field", "data-setting": s.key },
        el("label", { for: id }, s.label),
        el("select", {
          id, onchange: (e) => { pad.settings[s.key] = Number(e.target.value); entriesChanged(); },
        }, s.choices.map((c) => el("option", { value: c.value, selected: c.value === value },
          c.label))));
    }
    parts.push(row);
  }
  const allowed = allowedVirtual(pad.players.length);
  if (form.virtual && allowed.length > 1) {
    parts.push(el("div", { class: "pad-field", "data-setting": "virtual" },
      el("label", { for: "pad-virtual-count" }, t("pads.virtual_count")),
      el("select", {
        id: "pad-virtual-count",
        onchange: (e) => {
          const n = Number(e.target.value);
          pad.virtual = pad.virtual.slice(0, n);
          while (pad.virtual.length < n) pad.virtual.push({ values: {} });
          entriesChanged();
          drawEntries();
        },
      }, [...allowed].sort((a, b) => a - b).map((n) => el("option", {
        value: n, selected: n === pad.virtual.length,
      }, n)))));
  }
  return parts.length ? el("section", { class: "panel pad-settings", id: "pad-settings" },
    el("h2", {}, t("pads.settings")), parts) : null;
}

function updateShown() {
  for (const s of form.settings) {
    const row = document.querySelector(`[data-setting="${s.key}"]`);
    if (row) row.hidden = !fieldShown(s, {});
  }
  const panel = document.getElementById("pad-settings");
  if (panel) panel.hidden = ![...panel.querySelectorAll("[data-setting]")].some((r) => !r.hidden);
  const cards = [
    ...pad.players.map((p, i) => [document.querySelector(`[data-player="${i}"]`), p.values]),
    ...pad.virtual.map((v, i) => [document.querySelector(`[data-virtual="${i}"]`), v.values]),
  ];
  for (const [card, values] of cards) {
    if (!card) continue;
    for (const spec of form.fields) {
      if (!spec.shown_if) continue;
      const row = card.querySelector(`[data-key="${spec.key}"]`);
      if (row) row.hidden = !fieldShown(spec, values);
    }
  }
}

// Everything typed is kept at once (a reload, a lost connection or a closed tab loses
// nothing); a result on screen is marked as no longer matching the entries.
function entriesChanged() {
  keepDraft();
  const result = document.getElementById("pad-result");
  if (shown && result && !result.hidden) {
    const same = shown.key === answerKey(body());
    result.classList.toggle("stale", !same);
    const note = document.getElementById("pad-stale");
    if (note) note.hidden = same;
  }
}

function drawEntries() {
  const slot = document.getElementById("pad-entries");
  const players = el("section", { class: "pad-players", id: "pad-players",
    "aria-label": t("pads.players") },
  el("h2", {}, t("pads.players")),
  el("div", { class: "pad-cards-grid" }, pad.players.map((p, i) => playerCard(p, i))),
  pad.players.length < form.players.max ? el("p", { class: "pad-add" }, el("button", {
    type: "button", id: "pad-add", onclick: () => {
      pad.players.push({ name: "", values: {} });
      pad.virtual = virtualRows(pad.players.length, pad.virtual);
      entriesChanged();
      drawEntries();
      document.getElementById(`pad-name-${pad.players.length - 1}`)?.focus();
    },
  }, t("pads.add"))) : null);
  const virtual = pad.virtual.length ? el("section", { class: "pad-players", id: "pad-virtual" },
    el("h2", {}, form.virtual.label),
    form.virtual.note ? el("p", { class: "hint" }, form.virtual.note) : null,
    el("div", { class: "pad-cards-grid" }, pad.virtual.map((v, i) => virtualCard(v, i))))
    : null;
  slot.replaceChildren(...[settingsPanel(), players, virtual].filter(Boolean));
  updateShown();
}

function drawPad() {
  document.title = t("pads.pad_title", { game: gameName(game) });
  const root = document.getElementById("pad");
  const notice = form.notice ? el("p", { class: "pad-notice" },
    el("mark", { class: "badge recon" }, t("rules.badge")), " ", form.notice) : null;
  root.replaceChildren(
    el("section", { class: "panel pad-head" },
      el("h1", {}, t("pads.pad_title", { game: gameName(game) })),
      el("p", { class: "hint" }, form.hint),
      notice,
      origin === "link" ? el("p", { class: "hint", id: "pad-from-link" }, t("pads.shared_note"))
        : null,
      el("p", { class: "pad-links" },
        el("a", { class: "button", id: "pad-rules", href: rulesHref(game) }, t("pads.rules")),
        el("a", { class: "button", id: "pad-all", href: "/score/" }, t("pads.all"))),
      el("p", { class: "hint", id: "pad-offline-ready", hidden: true }, t("pads.ready_offline"))),
    el("div", { id: "pad-entries" }),
    // the status sits with the button that counts (on a phone, stuck to the screen's
    // bottom): "offline" is read where it was asked for
    el("div", { class: "pad-actions", id: "pad-actions" },
      el("button", { type: "button", class: "primary", id: "pad-count", onclick: count },
        t("pads.count")),
      el("button", { type: "button", id: "pad-new", onclick: newPad }, t("pads.new")),
      el("p", { id: "pad-status", class: "pad-status", role: "status", "aria-live": "polite" })),
    el("section", { class: "panel pad-result", id: "pad-result", hidden: true,
      "aria-live": "polite" }),
    el("section", { class: "panel", id: "pad-saved" }));
  drawEntries();
  drawSaved();
  markOfflineReady();
}

function newPad() {
  if (!window.confirm(t("pads.new_confirm"))) return;
  pad = blankPad();
  origin = null;
  shown = null;
  history.replaceState(null, "", location.pathname);
  keepDraft();
  drawPad();
}

// ----- counting ---------------------------------------------------------------------------
function rememberAnswer(key, result) {
  const list = readList(ANSWERS).filter((a) => a.key !== key);
  list.unshift({ key, result });
  writeList(ANSWERS, list, ANSWERS_MAX);
}

function answerFor(key) {
  return readList(ANSWERS).find((a) => a.key === key)?.result || null;
}

function markInvalid(field) {
  for (const e of document.querySelectorAll("[aria-invalid]")) e.removeAttribute("aria-invalid");
  if (!field) return;
  const m = /^(players|virtual)\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (!m) return;
  const prefix = m[1] === "players" ? m[2] : `v${m[2]}`;
  const id = m[3] === "name" ? `pad-name-${m[2]}` : `pad-${prefix}-${m[3]}`;
  const input = m[3] ? document.getElementById(id) : null;
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

async function count() {
  const b = body();
  const key = answerKey(b);
  const button = document.getElementById("pad-count");
  markInvalid(null);
  status(t("pads.counting"));
  button.disabled = true;
  let result = null;
  try {
    result = await api(`/api/score/${encodeURIComponent(game)}`, { method: "POST", body: b });
  } catch (e) {
    button.disabled = false;
    if (e instanceof ApiError) {
      pending = false;
      status(t("pads.error", { reason: e.message }), "error");
      markInvalid(e.body && e.body.field);
      return;
    }
    // no answer at all: offline (the entries stay as they are, kept in this browser)
    pending = true;
    const before = answerFor(key);
    if (before) {
      drawResult(key, before);
      status(t("pads.offline_last"), "offline");
      showResult();
    } else {
      status(t("pads.offline"), "offline");
    }
    announce(t("pads.offline"));
    return;
  }
  button.disabled = false;
  pending = false;
  rememberAnswer(key, result);
  status("");
  drawResult(key, result);
  announce(result.result);
  showResult();
}

function showResult() {
  const box = document.getElementById("pad-result");
  if (box && !box.hidden) box.scrollIntoView({ block: "start" });
}

function cellText(row, i) {
  const v = row.cells[i];
  if (v === null || v === undefined) return "—";
  const n = row.counts ? row.counts[i] : null;
  return n === null || n === undefined ? String(v) : `${v} (${n})`;
}

function drawResult(key, result, saved = null) {
  shown = { key, result };
  const box = document.getElementById("pad-result");
  box.hidden = false;
  box.classList.remove("stale");
  // a table wider than a phone scrolls inside its strip, which a keyboard can reach
  const table = el("div", { class: "table-strip", tabindex: 0, role: "region",
    "aria-label": result.title }, el("table", { class: "pad-table", id: "pad-table" },
  el("caption", { class: "sr-only" }, result.title),
  el("thead", {}, el("tr", {}, el("td", {}), result.columns.map((c) => el("th", {
    scope: "col", class: c.virtual ? "virtual" : null,
  }, c.name)))),
  el("tbody", {}, result.rows.map((row) => el("tr", {
    "data-key": row.key, class: row.key === "total" ? "total" : null,
  }, el("th", { scope: "row" }, row.label),
  result.columns.map((_, i) => el("td", {}, cellText(row, i))))))));
  box.replaceChildren(
    el("h2", { id: "pad-result-title" }, result.title),
    el("p", { class: "pad-stale", id: "pad-stale", hidden: true }, t("pads.changed")),
    table,
    el("p", { class: "pad-verdict", id: "pad-verdict" }, result.result),
    el("h3", {}, t("pads.explain")),
    el("ul", { class: "pad-explain", id: "pad-explain" }, result.explain.map((x) => el("li", {
      "data-key": x.key,
    }, x.text))),
    ...result.notes.map((n) => el("p", { class: "hint pad-note" }, n)),
    el("div", { class: "pad-actions" },
      el("button", { type: "button", class: "primary", id: "pad-save", onclick: save },
        t("pads.save")),
      el("button", { type: "button", id: "pad-share", onclick: share }, t("pads.share"))),
    el("p", { class: "pad-status", id: "pad-share-status", role: "status" },
      saved ? t("pads.saved_note") : ""),
    el("div", { id: "pad-link-slot" }));
  entriesChanged();
}

// ----- save and share ---------------------------------------------------------------------
function save() {
  if (!shown) return;
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const list = savedPads();
  list.unshift({ id, game, at: Date.now(), entries: JSON.parse(JSON.stringify(pad)),
    result: shown.result, lang: currentLang() });
  writeList(SAVED, list, SAVED_MAX);
  origin = id;
  document.getElementById("pad-share-status").textContent = t("pads.saved_note");
  announce(t("pads.saved_note"));
  drawSaved();
}

async function share() {
  const url = shareLink();
  const note = document.getElementById("pad-share-status");
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({
        title: t("pads.share_title", { game: gameName(game) }),
        text: t("pads.share_text", { game: gameName(game) }), url,
      });
      return;
    } catch (e) {
      if (e && e.name === "AbortError") return; // the person closed the share sheet
    }
  }
  const input = el("input", {
    type: "text", readonly: true, value: url, id: "pad-link", spellcheck: "false",
    "aria-label": t("pads.link"), onfocus: (e) => e.target.select(),
  });
  document.getElementById("pad-link-slot").replaceChildren(el("div", { class: "link-field" },
    input, el("div", { class: "link-buttons" }, el("button", {
      type: "button", id: "pad-copy", onclick: () => copyLink(input, note, COPY_WORDS),
    }, t("pads.copy")))));
  await copyLink(input, note, COPY_WORDS);
}

function when(at) {
  try {
    return new Date(at).toLocaleString(currentLang(), { dateStyle: "medium",
      timeStyle: "short" });
  } catch {
    return new Date(at).toISOString();
  }
}

function drawSaved() {
  const box = document.getElementById("pad-saved");
  if (!box) return;
  const list = savedPads().filter((s) => !game || s.game === game);
  const items = list.map((s) => {
    // each player's total where the pad has one (Ubongo ranks by colours: its verdict)
    const totals = s.result?.rows?.find((r) => r.key === "total");
    const names = totals ? (s.result?.columns || []).map((c, i) => `${c.name} ${
      totals.cells[i] ?? "—"}`).join(" · ") : s.result?.result || "";
    const title = s.result?.title || gameName(s.game);
    return el("li", { "data-saved": s.id },
      el("div", { class: "what" }, el("strong", {}, title),
        el("span", { class: "line" }, names),
        el("span", { class: "line" }, t("pads.saved_line", {
          game: gameName(s.game), when: when(s.at),
        }))),
      el("div", { class: "row-buttons" },
        el("a", {
          class: "button reopen", href: `/score/${encodeURIComponent(s.game)}#s=${s.id}`,
          onclick: (e) => {
            if (s.game !== game) return;
            e.preventDefault();
            history.replaceState(null, "", `#s=${s.id}`);
            openSaved(s);
          },
        }, t("pads.reopen")),
        el("button", {
          type: "button", class: "delete", "aria-label": t("pads.delete_label", { what: title }),
          onclick: () => {
            writeList(SAVED, savedPads().filter((x) => x.id !== s.id), SAVED_MAX);
            drawSaved();
          },
        }, t("pads.delete"))));
  });
  box.replaceChildren(el("h2", {}, t("pads.saved")),
    items.length ? el("ul", { class: "pad-saved-list" }, items)
      : el("p", { class: "hint" }, t("pads.none_saved")));
}

function openSaved(s) {
  pad = cleanPad(s.entries) || blankPad();
  origin = s.id;
  keepDraft();
  drawPad();
  if (s.result) {
    const key = answerKey(body());
    drawResult(key, s.result, s);
  }
  document.getElementById("pad-result")?.scrollIntoView({ block: "start" });
}

// ----- the chooser (/score/) ---------------------------------------------------------------
async function drawChooser() {
  document.title = t("pads.page_title");
  let pads = [];
  try {
    pads = await api(`/api/score?lang=${encodeURIComponent(currentLang())}`);
  } catch {
    pads = [];
  }
  document.getElementById("pad").replaceChildren(
    el("section", { class: "panel pad-head" },
      el("h1", {}, t("pads.title")),
      el("p", { class: "hint" }, t("pads.intro")),
      el("ul", { class: "pad-games" }, pads.map((p) => el("li", { "data-game": p.game },
        el("div", { class: "what" }, el("strong", {}, p.name), el("span", { class: "line" },
          p.what)),
        el("div", { class: "row-buttons" },
          el("a", { class: "button primary", href: `/score/${encodeURIComponent(p.game)}`,
            "aria-label": t("pads.open_label", { game: p.name }) }, t("pads.open")),
          el("a", { class: "button", href: rulesHref(p.game),
            "aria-label": t("pads.rules_label", { game: p.name }) }, t("pads.rules")))))),
      el("p", { class: "hint", id: "pad-offline-ready", hidden: true }, t("pads.ready_offline"))),
    el("section", { class: "panel", id: "pad-saved" }));
  drawSaved();
  markOfflineReady();
}

// ----- offline ------------------------------------------------------------------------------
function markOfflineReady() {
  const note = document.getElementById("pad-offline-ready");
  if (note && navigator.serviceWorker && navigator.serviceWorker.controller) note.hidden = false;
}

async function startWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/score/sw.js", { scope: "/score/" });
  } catch {
    return; // no worker (an insecure context): the pads still work while online
  }
  navigator.serviceWorker.addEventListener("controllerchange", markOfflineReady);
}

window.addEventListener("online", () => {
  if (pending && game && form) {
    status(t("pads.back_online"));
    count();
  }
});

// ----- start --------------------------------------------------------------------------------
async function loadForm() {
  form = await api(`/api/score/${encodeURIComponent(game)}?lang=${
    encodeURIComponent(currentLang())}`);
}

function startingPad() {
  origin = null;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("e")) {
    const fromLink = cleanPad(decodeEntries(hash.get("e")));
    if (fromLink) {
      origin = "link";
      return fromLink;
    }
  }
  if (hash.get("s")) {
    const s = savedPads().find((x) => x.id === hash.get("s"));
    if (s) return s;
  }
  let draft = null;
  try {
    draft = JSON.parse(localStorage.getItem(DRAFT + game) || "null");
  } catch {
    draft = null;
  }
  return cleanPad(draft) || blankPad();
}

// The pad a page starts with (a link's entries, a saved pad, else the draft), drawn.
function openStart() {
  const start = startingPad();
  if (start && start.id && start.entries) {
    openSaved(start);
    return;
  }
  pad = start;
  shown = null;
  keepDraft();
  drawPad();
}

// a link to another pad opened in this page changes only the fragment: read it again
window.addEventListener("hashchange", () => {
  if (game && form) openStart();
});

async function main() {
  await loadWords();
  startWorker();
  const redraw = async () => {
    if (!game) {
      await drawChooser();
      return;
    }
    await loadForm();
    pad = cleanPad(pad) || blankPad();
    const before = shown;
    drawPad();
    if (before) count(); // the result in the new language
  };
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => { redraw(); }));
  if (!game) {
    await drawChooser();
    return;
  }
  try {
    await loadForm();
  } catch (e) {
    document.getElementById("pad").replaceChildren(el("section", { class: "panel" },
      el("p", { class: "error" }, e instanceof ApiError ? t("pads.no_pad") : t("pads.offline")),
      el("a", { class: "button", href: "/score/" }, t("pads.all"))));
    return;
  }
  openStart();
}

main();
