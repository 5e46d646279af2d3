// Ubongo's race in the browser: drag the round's pieces onto your card, R rotates, F flips
// (buttons on touch screens), and the solution goes to the server, which judges the cover
// and stamps the time. Geometry only: which pieces and cells come from the payload's `extra`.
// The card and its tray are one drawing (the card's area, or the whole table's svg): a piece
// turned in the tray is drawn turned in its slot at once; on a touch screen only the pieces
// take the finger, so the page still scrolls around them.
// The table page (table.js) and the practice page (practice.js) both mount it: `controls`
// names where the Turn, Flip and Take back buttons go (the table's move box by default), a
// payload's `extra.key` names its puzzle, and `show(placements)` lays a given solution.
import { el, t } from "../herna.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export function mount(board, {
  controls: controlsBox = () => document.getElementById("turn"),
} = {}) {
  let payload = null;
  let submit = null;
  let placed = {}; // letter -> {o, r, c}
  let orient = {}; // letter -> orientation of a piece still in the tray
  let active = null; // the letter R and F act on
  let puzzleKey = null;
  let drag = null;
  let shown = null; // a solution being shown: letter -> {o, r, c}, laid in order (show())

  const pieceOf = (letter) => payload.extra.pieces.find((p) => p.letter === letter);
  // the drawing that holds my card and its tray (with areas, one of several under #board)
  const svg = () => cardNode()?.ownerSVGElement || board.querySelector("svg");
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
    const laid = shown || (open() ? placed : null);
    if (!laid) return;
    const layer = document.createElementNS(SVG_NS, "g");
    layer.id = "ubongo-placed";
    for (const [letter, p] of Object.entries(laid)) {
      const piece = pieceOf(letter);
      const group = document.createElementNS(SVG_NS, "g");
      group.setAttribute("class", `placed-piece${letter === active ? " active" : ""}`);
      group.dataset.placed = letter;
      const cells = piece.orientations[p.o].map(([dr, dc]) => [p.r + dr, p.c + dc]);
      drawCells(group, cells, g.x, g.y, g.cell, piece.colour, letter,
        letter === active ? "#1a6fd8" : "#1b140f", letter === active ? 4 : 2.5);
      layer.append(group);
    }
    root.append(layer);
    for (const tray of board.querySelectorAll("[data-piece]")) {
      tray.classList.toggle("used", tray.dataset.piece in laid);
      tray.classList.toggle("grab", !shown && !(tray.dataset.piece in laid));
      drawTray(tray);
    }
  }

  const make = (name, attrs) => {
    const node = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };

  // Cells (row, col) at (x, y): each filled, lettered, and the group's outline drawn over
  // them where a side has no neighbour of the group (where this piece ends).
  function drawCells(group, cells, x, y, cell, colour, letter, edge, width) {
    const own = new Set(cells.map(([r, c]) => `${r},${c}`));
    let d = "";
    for (const [r, c] of cells) {
      const x0 = x + c * cell;
      const y0 = y + r * cell;
      group.append(make("rect", {
        x: x0, y: y0, width: cell, height: cell, fill: colour, stroke: "#ffffff88",
        "stroke-width": 1,
      }));
      if (!own.has(`${r - 1},${c}`)) d += `M${x0} ${y0}h${cell}`;
      if (!own.has(`${r + 1},${c}`)) d += `M${x0} ${y0 + cell}h${cell}`;
      if (!own.has(`${r},${c - 1}`)) d += `M${x0} ${y0}v${cell}`;
      if (!own.has(`${r},${c + 1}`)) d += `M${x0 + cell} ${y0}v${cell}`;
      const label = make("text", {
        x: x0 + cell / 2, y: y0 + cell / 2 + Math.max(12, cell * 0.4) * 0.36,
        "font-size": Math.max(12, cell * 0.4),
        fill: "#ffffff", "text-anchor": "middle", "font-weight": "bold", "pointer-events": "none",
      });
      label.textContent = letter;
      group.append(label);
    }
    group.append(make("path", {
      d, fill: "none", stroke: edge, "stroke-width": width, "stroke-linecap": "square",
      "pointer-events": "none",
    }));
  }

  // A tray piece in the orientation it has now (the server draws orientation 0): its cells
  // centred in its square slot, each knowing its cell (data-r, data-c) to be held by.
  function drawTray(tray) {
    const letter = tray.dataset.piece;
    const piece = pieceOf(letter);
    if (!piece || !tray.dataset.slot) return;
    const o = orient[letter] || 0;
    const wasActive = tray.dataset.active === "1";
    const isActive = letter === active && !(letter in placed);
    const drawnO = tray.querySelector("rect[data-o]")?.dataset.o;
    const slot = tray.querySelector("rect.slot");
    if (slot && wasActive !== isActive) {
      slot.setAttribute("stroke", isActive ? "#1a6fd8" : "#cbbfa6");
      slot.setAttribute("stroke-width", isActive ? 3 : 1);
      tray.dataset.active = isActive ? "1" : "0";
    }
    if (Number(drawnO) === o) return;
    for (const old of [...tray.children]) if (old !== slot) old.remove();
    const unit = Number(tray.dataset.cell);
    const side = Number(tray.dataset.slot);
    const shape = piece.orientations[o];
    const rows = Math.max(...shape.map((x) => x[0])) + 1;
    const cols = Math.max(...shape.map((x) => x[1])) + 1;
    const ox = Number(tray.dataset.x) + (side - cols * unit) / 2;
    const oy = Number(tray.dataset.y) + (side - rows * unit) / 2;
    for (const [r, c] of shape) {
      tray.append(make("rect", {
        x: ox + c * unit, y: oy + r * unit, width: unit, height: unit, fill: piece.colour,
        stroke: "#ffffff88", "stroke-width": 1, "data-r": r, "data-c": c, "data-o": o,
      }));
    }
    const own = new Set(shape.map(([r, c]) => `${r},${c}`));
    let d = "";
    for (const [r, c] of shape) {
      const x0 = ox + c * unit;
      const y0 = oy + r * unit;
      if (!own.has(`${r - 1},${c}`)) d += `M${x0} ${y0}h${unit}`;
      if (!own.has(`${r + 1},${c}`)) d += `M${x0} ${y0 + unit}h${unit}`;
      if (!own.has(`${r},${c - 1}`)) d += `M${x0} ${y0}v${unit}`;
      if (!own.has(`${r},${c + 1}`)) d += `M${x0 + unit} ${y0}v${unit}`;
    }
    tray.append(make("path", {
      d, fill: "none", stroke: "#1b140f", "stroke-width": 2, "stroke-linecap": "square",
      "pointer-events": "none",
    }));
    const [r0, c0] = shape[0];
    const label = make("text", {
      x: ox + c0 * unit + unit / 2, y: oy + r0 * unit + unit / 2 + 4.5, "font-size": 12,
      fill: "#ffffff", "text-anchor": "middle", "font-weight": "bold", "pointer-events": "none",
    });
    label.textContent = `${letter}${o}`;
    tray.append(label);
  }

  function ghostAt(letter, o, at, grab) {
    const root = svg();
    const g = geometry();
    root.querySelector("#ubongo-ghost")?.remove();
    const ghost = document.createElementNS(SVG_NS, "g");
    ghost.id = "ubongo-ghost";
    ghost.setAttribute("pointer-events", "none");
    ghost.setAttribute("opacity", "0.8");
    drawCells(ghost, pieceOf(letter).orientations[o], at.x - (grab.c + 0.5) * g.cell,
      at.y - (grab.r + 0.5) * g.cell, g.cell, pieceOf(letter).colour, letter, "#1a6fd8", 3);
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
    } else if (event.target.dataset.r !== undefined && Number(event.target.dataset.o) === o) {
      // the tray draws the piece cell by cell: hold it by the cell under the finger
      grab = { r: Number(event.target.dataset.r), c: Number(event.target.dataset.c) };
    }
    active = letter;
    drag = { letter, o, grab, moved: false, at };
    try {
      svg().setPointerCapture?.(event.pointerId);
    } catch {
      // a pointer already gone (a synthetic or cancelled touch): the drag goes on without
    }
    drawPlaced();
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
      orient[letter] = o; // as it was turned in hand
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

  // When a race starts, bring my card and its tray into view (a phone may be scrolled down
  // to the gem board or the others' rows): the area's top, or the drawing's when it is wide.
  function showCard() {
    const card = cardNode();
    if (!card) return;
    const holder = card.closest("section.area") || card;
    const box = holder.getBoundingClientRect();
    // what covers the page's top and bottom on a phone: the sticky chips, the fixed turn box
    const chips = board.querySelector(".jumps");
    const above = chips && getComputedStyle(chips).position === "sticky"
      ? chips.getBoundingClientRect().height : 0;
    const turnBox = document.getElementById("turn");
    const below = turnBox && getComputedStyle(turnBox).position === "fixed"
      ? turnBox.getBoundingClientRect().top : window.innerHeight;
    if (box.top < above || box.bottom > below) window.scrollBy(0, box.top - above - 4);
    if (board.scrollWidth > board.clientWidth) { // one wide drawing: sideways too
      const mine = card.closest("[id^='ubongo-seatcard-']") || card;
      board.scrollLeft += mine.getBoundingClientRect().left - board.getBoundingClientRect().left - 8;
    }
  }

  function drawControls() {
    const turnBox = controlsBox();
    if (!turnBox) return;
    turnBox.querySelector(".ubongo-controls")?.remove();
    if (!open()) return;
    const controls = el("div", { class: "ubongo-controls" },
      payload.prompt ? null : el("p", { class: "hint" }, t("ubongo.hint")), // (said once)
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

  // A finger on a piece drags it; anywhere else it scrolls the page as always (touch-action
  // on the pieces would say so, but browsers ignore it inside an svg: the touch is kept here).
  board.addEventListener("touchstart", (event) => {
    if (open() && event.target.closest?.("[data-piece], [data-placed]")) event.preventDefault();
  }, { passive: false });
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
      const puzzle = card ? next.extra.key ?? `${card.number}:${next.extra.symbol}:${next.view.round}`
        : null;
      const fresh = puzzle !== puzzleKey;
      if (fresh) {
        puzzleKey = puzzle;
        placed = {};
        orient = {};
        active = null;
        shown = null;
      }
      drawPlaced();
      drawControls();
      if (fresh && open()) showCard();
    },
    // Lay these placements ([{piece, orientation, row, col}], a solution so far) on the card,
    // nothing to drag; the last one comes from its tray slot unless `still` (reduced motion).
    show(placements, { still = false } = {}) {
      shown = Object.fromEntries(placements.map((p) => [p.piece,
        { o: p.orientation, r: p.row, c: p.col }]));
      active = null;
      drawPlaced();
      drawControls();
      const last = placements[placements.length - 1];
      if (last && !still) fly(last.piece);
    },
  };

  // A piece just laid travels from its slot in the tray to its place on the card.
  function fly(letter) {
    const group = svg()?.querySelector(`#ubongo-placed [data-placed="${CSS.escape(letter)}"]`);
    const slot = board.querySelector(`[data-piece="${CSS.escape(letter)}"] rect.slot`);
    if (!group || !slot || !group.animate) return;
    const to = group.getBBox();
    const from = slot.getBBox();
    const dx = from.x + from.width / 2 - (to.x + to.width / 2);
    const dy = from.y + from.height / 2 - (to.y + to.height / 2);
    group.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 450, easing: "ease-out" });
  }
}
