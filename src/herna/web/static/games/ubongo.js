// Ubongo's race in the browser: drag the round's pieces onto your card, R rotates, F flips
// (buttons on touch screens), and the solution goes to the server, which judges the cover
// and stamps the time. Geometry only: which pieces and cells come from the payload's `extra`.
import { el, t } from "../herna.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export function mount(board) {
  let payload = null;
  let submit = null;
  let placed = {}; // letter -> {o, r, c}
  let orient = {}; // letter -> orientation of a piece still in the tray
  let active = null; // the letter R and F act on
  let puzzleKey = null;
  let drag = null;

  const pieceOf = (letter) => payload.extra.pieces.find((p) => p.letter === letter);
  const svg = () => board.querySelector("svg");
  const cardNode = () => board.querySelector("#ubongo-card");

  function geometry() {
    const card = cardNode();
    if (!card) return null;
    return {
      cell: Number(card.dataset.cell), x: Number(card.dataset.x), y: Number(card.dataset.y),
      rows: Number(card.dataset.rows), cols: Number(card.dataset.cols),
    };
  }

  function toSvg(event) {
    const root = svg();
    const point = root.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    return point.matrixTransform(root.getScreenCTM().inverse());
  }

  function key(cells) {
    return cells.map(([r, c]) => `${r},${c}`).sort().join(" ");
  }

  function normal(cells) {
    const r0 = Math.min(...cells.map((x) => x[0]));
    const c0 = Math.min(...cells.map((x) => x[1]));
    return cells.map(([r, c]) => [r - r0, c - c0]);
  }

  // The orientation index a turn or a flip leads to, found in the piece's own list.
  function turned(letter, o, how) {
    const cells = pieceOf(letter).orientations[o];
    const moved = normal(cells.map(([r, c]) => (how === "rotate" ? [c, -r] : [r, -c])));
    const wanted = key(moved);
    const found = pieceOf(letter).orientations.findIndex((x) => key(x) === wanted);
    return found < 0 ? o : found;
  }

  function open() {
    return payload && payload.extra && payload.extra.open && payload.extra.card
      && payload.seat !== null && payload.to_act.includes(payload.seat);
  }

  function covered() {
    const g = geometry();
    const light = new Set(payload.extra.card.cells.map(([r, c]) => `${r},${c}`));
    const seen = new Set();
    for (const [letter, p] of Object.entries(placed)) {
      for (const [dr, dc] of pieceOf(letter).orientations[p.o]) {
        const k = `${p.r + dr},${p.c + dc}`;
        if (!light.has(k) || seen.has(k)) return false;
        seen.add(k);
      }
    }
    return g && seen.size === light.size
      && Object.keys(placed).length === payload.extra.pieces.length;
  }

  function solveText() {
    const parts = Object.keys(placed).sort().map((l) => `${l}${placed[l].o}@${placed[l].r},${placed[l].c}`);
    return `solve ${parts.join(" ")}`;
  }

  function drawPlaced() {
    const root = svg();
    const g = geometry();
    if (!root || !g) return;
    root.querySelector("#ubongo-placed")?.remove();
    if (!open()) return;
    const layer = document.createElementNS(SVG_NS, "g");
    layer.id = "ubongo-placed";
    for (const [letter, p] of Object.entries(placed)) {
      const piece = pieceOf(letter);
      const group = document.createElementNS(SVG_NS, "g");
      group.setAttribute("class", `placed-piece${letter === active ? " active" : ""}`);
      group.dataset.placed = letter;
      for (const [dr, dc] of piece.orientations[p.o]) {
        const rect = document.createElementNS(SVG_NS, "rect");
        rect.setAttribute("x", g.x + (p.c + dc) * g.cell + 1);
        rect.setAttribute("y", g.y + (p.r + dr) * g.cell + 1);
        rect.setAttribute("width", g.cell - 2);
        rect.setAttribute("height", g.cell - 2);
        rect.setAttribute("rx", 3);
        rect.setAttribute("fill", piece.colour);
        rect.setAttribute("stroke", letter === active ? "#1a6fd8" : "#00000066");
        rect.setAttribute("stroke-width", letter === active ? 3 : 1);
        group.append(rect);
      }
      layer.append(group);
    }
    root.append(layer);
    for (const tray of board.querySelectorAll("[data-piece]")) {
      tray.classList.toggle("used", tray.dataset.piece in placed);
      tray.classList.toggle("grab", !(tray.dataset.piece in placed));
    }
  }

  function ghostAt(letter, o, at, grab) {
    const root = svg();
    const g = geometry();
    root.querySelector("#ubongo-ghost")?.remove();
    const ghost = document.createElementNS(SVG_NS, "g");
    ghost.id = "ubongo-ghost";
    ghost.setAttribute("pointer-events", "none");
    for (const [dr, dc] of pieceOf(letter).orientations[o]) {
      const rect = document.createElementNS(SVG_NS, "rect");
      rect.setAttribute("x", at.x + (dc - grab.c - 0.5) * g.cell);
      rect.setAttribute("y", at.y + (dr - grab.r - 0.5) * g.cell);
      rect.setAttribute("width", g.cell - 2);
      rect.setAttribute("height", g.cell - 2);
      rect.setAttribute("rx", 3);
      rect.setAttribute("fill", pieceOf(letter).colour);
      rect.setAttribute("fill-opacity", "0.75");
      ghost.append(rect);
    }
    root.append(ghost);
  }

  function start(event) {
    if (!open()) return;
    const fromCard = event.target.closest("[data-placed]");
    const fromTray = event.target.closest("[data-piece]");
    const letter = fromCard ? fromCard.dataset.placed : fromTray ? fromTray.dataset.piece : null;
    if (!letter || !pieceOf(letter)) return;
    event.preventDefault();
    const g = geometry();
    const at = toSvg(event);
    const o = placed[letter] ? placed[letter].o : orient[letter] || 0;
    let grab = { r: 0, c: 0 }; // the piece's cell under the finger, kept while dragging
    if (placed[letter]) {
      const p = placed[letter];
      grab = { r: (at.y - g.y) / g.cell - p.r - 0.5, c: (at.x - g.x) / g.cell - p.c - 0.5 };
    } else if (o === 0 && event.target.tagName === "rect") {
      // the tray draws orientation 0 cell by cell: hold the piece by the cell under the finger
      const index = [...fromTray.querySelectorAll("rect")].indexOf(event.target);
      const cell = pieceOf(letter).orientations[0][index];
      if (cell) grab = { r: cell[0], c: cell[1] };
    }
    active = letter;
    drag = { letter, o, grab, moved: false, at };
    svg().setPointerCapture?.(event.pointerId);
    ghostAt(letter, o, at, grab);
  }

  function move(event) {
    if (!drag) return;
    drag.moved = true;
    drag.at = toSvg(event);
    ghostAt(drag.letter, drag.o, drag.at, drag.grab);
  }

  function end(event) {
    if (!drag) return;
    const { letter, o, grab, moved } = drag;
    drag = null;
    svg()?.querySelector("#ubongo-ghost")?.remove();
    const g = geometry();
    const at = toSvg(event);
    const r = Math.round((at.y - g.y) / g.cell - 0.5 - grab.r);
    const c = Math.round((at.x - g.x) / g.cell - 0.5 - grab.c);
    const cells = pieceOf(letter).orientations[o];
    const inside = cells.every(([dr, dc]) => r + dr >= 0 && c + dc >= 0
      && r + dr < g.rows && c + dc < g.cols);
    if (inside) {
      placed[letter] = { o, r, c };
    } else if (moved) {
      delete placed[letter]; // dropped off the card: back to the tray
    }
    refresh();
  }

  function turn(how) {
    if (!active || !open()) return;
    if (drag) { // turning the piece in hand
      drag.o = turned(drag.letter, drag.o, how);
      drag.grab = { r: 0, c: 0 };
      ghostAt(drag.letter, drag.o, drag.at, drag.grab);
      return;
    }
    const p = placed[active];
    if (p) p.o = turned(active, p.o, how);
    else orient[active] = turned(active, orient[active] || 0, how);
    refresh();
  }

  function refresh() {
    drawPlaced();
    drawControls();
    if (open() && covered()) submit(solveText());
  }

  // A phone shows the table wider than the screen (pieces big enough for a finger): when a
  // race starts, bring my card and its pieces into view instead of the gem board.
  function showCard() {
    const card = cardNode();
    if (!card || board.scrollWidth <= board.clientWidth) return;
    const mine = card.closest("[id^='ubongo-seatcard-']") || card;
    const left = mine.getBoundingClientRect().left - board.getBoundingClientRect().left;
    board.scrollLeft += left - 8;
  }

  function drawControls() {
    const turnBox = document.getElementById("turn");
    turnBox.querySelector(".ubongo-controls")?.remove();
    if (!open()) return;
    const controls = el("div", { class: "ubongo-controls" },
      el("p", { class: "hint" }, t("ubongo.hint")),
      el("div", { class: "moves" },
        el("button", { type: "button", id: "ubongo-rotate", onclick: () => turn("rotate") },
          t("ubongo.rotate")),
        el("button", { type: "button", id: "ubongo-flip", onclick: () => turn("flip") },
          t("ubongo.flip")),
        el("button", {
          type: "button", id: "ubongo-clear", onclick: () => { placed = {}; active = null; refresh(); },
        }, t("ubongo.clear"))));
    const heading = turnBox.querySelector("h2");
    if (heading) heading.after(controls);
    else turnBox.append(controls);
  }

  board.addEventListener("pointerdown", start);
  board.addEventListener("pointermove", move);
  board.addEventListener("pointerup", end);
  board.addEventListener("pointercancel", () => {
    drag = null;
    svg()?.querySelector("#ubongo-ghost")?.remove();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "r" || e.key === "R") turn("rotate");
    if (e.key === "f" || e.key === "F") turn("flip");
  });

  return {
    update(next, send) {
      payload = next;
      submit = send;
      const card = next.extra && next.extra.card;
      const puzzle = card ? `${card.number}:${next.extra.symbol}:${next.view.round}` : null;
      const fresh = puzzle !== puzzleKey;
      if (fresh) {
        puzzleKey = puzzle;
        placed = {};
        orient = {};
        active = null;
      }
      const root = svg();
      if (root) root.style.touchAction = open() ? "none" : "";
      drawPlaced();
      drawControls();
      if (fresh && open()) showCard();
    },
  };
}
