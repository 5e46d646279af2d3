// Things travel on the table (issue 20): a tile bought from the market travels into the
// Alhambra, a die slides from tile to tile, instead of just appearing in its new place.
//
// The page holds no rules: it compares two drawings. The server marks each thing that can
// move with a `data-key` that stays the same wherever it lies (docs/API.md, "Things that
// travel"); `data-kind` makes alike things (money cards of one value, a seat's dice)
// interchangeable, `data-from` says where a new thing comes from and `data-to` where a thing
// that leaves goes. Before a new payload is drawn, `measure` notes where every keyed thing
// is on the screen; after, `play` flies each thing that moved from there to its new place
// (FLIP with the Web Animations API).
//
// A flight is a copy of the thing in an overlay over the page: the areas are separate SVGs,
// each clipping what leaves it, and a tile goes from the market's area to a seat's. The thing
// itself waits unseen at its new place until its copy lands. With `reduced` (the user's
// prefers-reduced-motion) nothing moves: things fade in where they now are, at most.

const SVG_NS = "http://www.w3.org/2000/svg";

// How long a thing takes to travel at the page's speed ("Others' moves", kept in this browser
// for the table and the replay pages alike): none at once, a moment at the others' pace.
export const TRAVEL = { fast: 0, normal: 400, slow: 900 };

// The speed chosen on the page; an automated browser (a test) sees every move at once
// unless it chooses one.
export function chosenSpeed() {
  const kept = localStorage.getItem("herna.speed");
  if (kept in TRAVEL) return kept;
  return navigator.webdriver ? "fast" : "normal";
}
const running = []; // the animations this module started and the copies it put out

// ----- where things are ---------------------------------------------------------------------
function sectionOf(node) {
  return node.closest("[data-area]");
}

// Where a node is on the screen: its own box, or (inside another seat's closed row on a
// phone, where it is not drawn) a small box in the middle of that row.
function placeOf(node, board) {
  const r = node.getBoundingClientRect();
  if (r.width || r.height) return { x: r.left, y: r.top, w: r.width, h: r.height, shown: true };
  const section = sectionOf(node);
  return section && board.contains(section) ? rowBox(section) : null;
}

function rowBox(section) {
  const r = section.getBoundingClientRect();
  if (!r.width && !r.height) return null;
  const side = Math.min(r.height, 44);
  return { x: r.left + r.width / 2 - side / 2, y: r.top + r.height / 2 - side / 2, w: side,
    h: side, shown: false };
}

function centre(box) {
  return [box.x + box.w / 2, box.y + box.h / 2];
}

// Where every keyed thing is now, with a copy of how it looks (for one that will leave).
export function measure(board) {
  settle();
  const things = new Map();
  const overlay = layer();
  const base = overlay.getScreenCTM();
  for (const node of board.querySelectorAll("[data-key]")) {
    const at = placeOf(node, board);
    if (!at) continue;
    const section = sectionOf(node);
    things.set(node.dataset.key, {
      at, look: node.cloneNode(true), matrix: at.shown ? relative(node, base) : null,
      kind: node.dataset.kind || "", to: node.dataset.to || "",
      area: section ? section.dataset.area : null,
      font: getComputedStyle(node).fontFamily,
    });
  }
  const areas = new Map();
  for (const section of board.querySelectorAll("[data-area]")) {
    areas.set(section.dataset.area, section.getBoundingClientRect());
  }
  return { things, areas };
}

// The matrix from a node's drawing units to the overlay's (CSS px of the viewport).
function relative(node, base) {
  const own = node.getScreenCTM ? node.getScreenCTM() : null;
  if (!own || !base) return null;
  const m = base.inverse().multiply(own);
  return `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
}

// ----- the flights ----------------------------------------------------------------------------
function layer() {
  let overlay = document.getElementById("flights");
  if (!overlay) {
    overlay = document.createElementNS(SVG_NS, "svg");
    overlay.id = "flights";
    overlay.setAttribute("aria-hidden", "true");
    overlay.setAttribute("focusable", "false");
    overlay.style.cssText = "position: fixed; left: 0; top: 0; width: 100vw; height: 100vh;"
      + " pointer-events: none; overflow: hidden; z-index: 3";
    document.body.append(overlay);
  }
  return overlay;
}

// A copy to fly: no ids, parts or keys of its own (the page and its tests find the thing, not
// the copy), placed by `matrix` in the overlay; `data-of` (a thing landing) or `data-left` (a
// thing leaving) names the key it stands for.
function copyOf(look, matrix, font, landing) {
  const copy = look.cloneNode(true);
  const key = look.getAttribute("data-key");
  for (const n of [copy, ...copy.querySelectorAll("*")]) {
    for (const a of ["id", "data-part", "data-key", "data-from", "data-to", "tabindex", "role",
      "aria-label", "aria-pressed", "transform-origin"]) n.removeAttribute(a);
  }
  copy.removeAttribute("transform");
  copy.removeAttribute("data-travelled");
  copy.setAttribute(landing ? "data-of" : "data-left", key);
  copy.style.transform = matrix;
  copy.style.fontFamily = font;
  layer().append(copy);
  return copy;
}

function keep(animation, copy = null) {
  const flight = { animation, copy };
  running.push(flight);
  const done = () => {
    if (copy) copy.remove();
    const at = running.indexOf(flight);
    if (at >= 0) running.splice(at, 1);
    tidy();
  };
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
  return animation;
}

function tidy() {
  const overlay = document.getElementById("flights");
  if (overlay && !overlay.childElementCount) overlay.remove();
}

// Every flight of the last draw ends now, each thing in its place (a newer payload is drawn).
export function settle() {
  for (const { animation, copy } of running.splice(0)) {
    animation.cancel();
    if (copy) copy.remove();
  }
  tidy();
}

function step(tx, ty, sx, sy, matrix) {
  return `translate(${tx}px, ${ty}px) scale(${sx}, ${sy}) ${matrix}`;
}

// The thing `node` (now at `to`, shown) flies from the box `from`: a copy of it leaves
// there at that box's size and lands on it, which shows again as the copy lands.
function fly(node, from, to, ms, font, fade = false) {
  const matrix = relative(node, layer().getScreenCTM());
  if (!matrix) return;
  const sx = from.w / (to.w || 1);
  const sy = from.h / (to.h || 1);
  const tx = from.x - to.x * sx;
  const ty = from.y - to.y * sy;
  const copy = copyOf(node, matrix, font, true);
  const frames = [{ transform: step(tx, ty, sx, sy, matrix), opacity: fade ? 0 : 1 },
    { transform: step(0, 0, 1, 1, matrix), opacity: 1 }];
  keep(copy.animate(frames, { duration: ms, easing: "ease-in-out" }), copy);
  keep(node.animate([{ opacity: 0 }, { opacity: 0, offset: 0.97 }, { opacity: 1 }],
    { duration: ms }));
  node.dataset.travelled = String(Number(node.dataset.travelled || 0) + 1);
}

// A thing that left: its copy leaves its old place (moved with its area) towards `to`, if
// anywhere, getting smaller, and fades out.
function leave(old, shift, to, ms, reduced) {
  if (!old.matrix || !old.at.shown) return;
  const [dx, dy] = shift;
  const copy = copyOf(old.look, step(dx, dy, 1, 1, old.matrix), old.font, false);
  if (reduced || !to) {
    const frames = reduced ? [{ opacity: 1 }, { opacity: 0 }]
      : [{ transform: step(dx, dy, 1, 1, old.matrix), opacity: 1 },
        { transform: step(dx, dy, 1, 1, old.matrix), opacity: 0 }];
    keep(copy.animate(frames, { duration: ms, easing: "ease-out" }), copy);
    return;
  }
  const [cx, cy] = centre(old.at);
  const [ex, ey] = centre(to);
  const s = Math.min(1, Math.max(0.3, to.w / (old.at.w || 1), to.h / (old.at.h || 1)));
  const frames = [{ transform: step(dx, dy, 1, 1, old.matrix), opacity: 1 },
    { transform: step(dx, dy, 1, 1, old.matrix), opacity: 1, offset: 0.15 },
    { transform: step(ex - s * cx, ey - s * cy, s, s, old.matrix), opacity: 0 }];
  keep(copy.animate(frames, { duration: ms, easing: "ease-in-out" }), copy);
}

function fadeIn(node, ms) {
  keep(node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" }));
}

// ----- after drawing: what moved, what left, what came ----------------------------------------
// `was` is what `measure` saw before the new payload was drawn; `ms` how long a flight takes.
export function play(board, was, ms, reduced) {
  if (!was || !(ms > 0)) return;
  const areasNow = new Map();
  for (const section of board.querySelectorAll("[data-area]")) {
    areasNow.set(section.dataset.area, section.getBoundingClientRect());
  }
  // an area that moved (the areas' order changes with the phase) carries its things along:
  // a thing's old place is taken where its area is now
  const shiftOf = (old) => {
    const a = old.area && was.areas.get(old.area);
    const b = old.area && areasNow.get(old.area);
    return a && b ? [b.left - a.left, b.top - a.top] : [0, 0];
  };
  const oldPlace = (old) => {
    const [dx, dy] = shiftOf(old);
    if (old.at.shown) return { ...old.at, x: old.at.x + dx, y: old.at.y + dy };
    const section = old.area && board.querySelector(`[data-area="${CSS.escape(old.area)}"]`);
    return section ? rowBox(section) : null;
  };
  const now = new Map();
  for (const node of board.querySelectorAll("[data-key]")) now.set(node.dataset.key, node);
  const left = new Map([...was.things].filter(([key]) => !now.has(key)));
  const moves = []; // [old, node]
  const fresh = [];
  for (const [key, node] of now) {
    const old = was.things.get(key);
    if (old) moves.push([old, node]);
    else fresh.push(node);
  }
  // alike things: one that left and a new one of its kind are one thing that travelled,
  // the nearest first (unless the drawing says where the new one comes from)
  const pairs = [];
  for (const [key, old] of left) {
    if (!old.kind || old.to) continue;
    const from = oldPlace(old);
    if (!from) continue;
    for (const node of fresh) {
      if (node.dataset.kind !== old.kind || node.dataset.from) continue;
      const to = placeOf(node, board);
      if (!to) continue;
      const [ax, ay] = centre(from);
      const [bx, by] = centre(to);
      pairs.push([Math.hypot(ax - bx, ay - by), key, node]);
    }
  }
  pairs.sort((p, q) => p[0] - q[0]);
  const paired = new Set();
  for (const [, key, node] of pairs) {
    if (!left.has(key) || paired.has(node)) continue;
    moves.push([left.get(key), node]);
    left.delete(key);
    paired.add(node);
  }
  for (const [old, node] of moves) {
    const from = oldPlace(old);
    const to = placeOf(node, board);
    if (!from || !to) continue;
    // a row opened or closed between two draws moves nothing: only a thing that changed
    // areas goes into or out of a closed row
    if ((!from.shown || !to.shown) && old.area === (sectionOf(node)?.dataset.area ?? null)) {
      continue;
    }
    const moved = Math.abs(from.x - to.x) > 1 || Math.abs(from.y - to.y) > 1
      || Math.abs(from.w - to.w) > 1 || Math.abs(from.h - to.h) > 1;
    if (!moved) continue;
    if (reduced) {
      if (to.shown) fadeIn(node, ms);
    } else if (to.shown) {
      fly(node, from, to, ms, old.font);
    } else {
      leave(old, shiftOf(old), to, ms, false); // into another seat's closed row
    }
  }
  for (const node of fresh) {
    if (paired.has(node)) continue;
    const to = placeOf(node, board);
    if (!to) continue;
    let source = null;
    for (const word of (node.dataset.from || "").split(/\s+/).filter(Boolean)) {
      if (left.has(word)) { // a thing that left comes here: it is what travels
        const old = left.get(word);
        left.delete(word);
        leave(old, shiftOf(old), to, ms, reduced);
        continue;
      }
      const out = now.get(word) || document.getElementById(word);
      if (out && board.contains(out) && !source) source = placeOf(out, board);
    }
    if (!to.shown) continue; // in another seat's closed row: only what came into it shows
    if (reduced || !source) {
      fadeIn(node, ms);
    } else { // out of where it comes from (the bag), growing to its size
      const [cx, cy] = centre(source);
      const w = to.w * 0.4;
      const h = to.h * 0.4;
      fly(node, { x: cx - w / 2, y: cy - h / 2, w, h }, to, ms, getComputedStyle(node).fontFamily,
        true);
    }
  }
  for (const old of left.values()) {
    let to = null;
    for (const word of old.to.split(/\s+/).filter(Boolean)) {
      const target = now.get(word) || document.getElementById(word);
      if (target && board.contains(target)) { to = placeOf(target, board); break; }
    }
    leave(old, shiftOf(old), to, ms, reduced);
  }
  tidy();
}
