"""Things travel on the table (issue 20, item 4), from the lobby page as a person plays: the
drawings mark what can move (`data-key`, docs/API.md) and the page flies each thing that
moved from where it was to where it is now (travel.js), at the speed chosen on the page,
with nothing moving for a user who asked for reduced motion, and no delay at all "at once".

A recorder in the page notes, the moment each version is drawn, where every keyed thing is
and each flight the page started: a flight's copy is sought to its first and last frame, so
a test checks it leaves the thing's old place and lands exactly on its new one."""

from __future__ import annotations

import time
from typing import Any

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import drawn_version, new_page, play_one_move, start_from_lobby, wait_for

# Runs before the page's own scripts: the time each payload arrives on the socket, and at
# each drawn version (a microtask right after the drawing) the keyed things and the flights.
RECORDER = """
window.arrived = [];
window.drawn = [];
window.WebSocket = class extends WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => {
      try { window.arrived.push([JSON.parse(e.data).version, performance.now()]); } catch {}
    });
  }
};
const box = (r) => [r.left, r.top, r.width, r.height];
function seek(animation, at) {
  animation.currentTime = at;
  return box(animation.effect.target.getBoundingClientRect());
}
function record(board) {
  const things = {};
  const areaOf = {};
  for (const n of board.querySelectorAll("[data-key]")) {
    things[n.dataset.key] = box(n.getBoundingClientRect());
    areaOf[n.dataset.key] = n.closest("[data-area]")?.dataset.area ?? null;
  }
  const areas = {};
  for (const n of board.querySelectorAll("[data-area]")) {
    areas[n.dataset.area] = box(n.getBoundingClientRect());
  }
  const animations = document.getAnimations().map((a) => {
    const target = a.effect.target;
    const frames = a.effect.getKeyframes();
    const out = { key: target.dataset.key || null, copyOf: target.dataset.of || null,
      moves: frames.some((f) => f.transform && f.transform !== "none"),
      duration: a.effect.getTiming().duration };
    if (out.copyOf && out.moves) {
      const was = a.currentTime;
      a.pause();
      out.first = seek(a, 0);
      out.last = seek(a, out.duration);
      a.currentTime = was;
      a.play();
    }
    return out;
  });
  const travelled = [...board.querySelectorAll("[data-travelled]")].map((n) => n.dataset.key);
  window.drawn.push({ version: Number(board.dataset.version), at: performance.now(), things,
    areaOf, areas, animations, travelled });
}
window.addEventListener("DOMContentLoaded", () => {
  const board = document.getElementById("board");
  if (!board) return; // the lobby
  new MutationObserver(() => record(board))
    .observe(board, { attributes: true, attributeFilter: ["data-version"] });
});
"""


def open_table(browser: Any, url: str, game: str, players: int, speed: str,
               device: dict[str, Any] | None = None, reduced: bool = False) -> Any:
    """The lobby, the game, me and easy bots, Start; then the speed chosen on the page."""
    page = new_page(browser, name="Ana", **(device or DESKTOP))
    page.add_init_script(RECORDER)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    start_from_lobby(page, url, game, players, {s: "easy" for s in range(1, players)})
    page.wait_for_url("**/t/*")
    wait_for(lambda: drawn_version(page) >= 0, what="the table drawn")
    page.select_option("#speed", speed)
    return page


def table_of(page: Any, live_server: LiveServer) -> Any:
    return live_server.table(page.url.split("/t/")[1].split("#")[0])


def others_move(page: Any, table: Any, budget: float = 90) -> list[dict[str, Any]]:
    """My moves until another seat (a bot) has moved and it is my turn again; what the page
    recorded at each version drawn after my last move."""
    deadline = time.monotonic() + budget
    while True:
        assert time.monotonic() < deadline, "no bot's move drawn in time"
        play_one_move(page)
        if table.version > drawn_version(page) or table.state.to_act() != (0,):
            break
    wait_for(lambda: table.state.is_over() or (table.state.to_act() == (0,)
             and drawn_version(page) >= table.version), timeout=60, what="my turn again")
    # the version my last move made (read from the server: the page may have drawn the bots'
    # moves too by the time a read of its version comes back)
    mine = 1 + max(i for i, (seat, _) in enumerate(table.state.history) if seat == 0)
    return [d for d in page.evaluate("window.drawn") if d["version"] > mine]


def settled(page: Any) -> None:
    wait_for(lambda: page.evaluate(
        "document.getAnimations().length === 0 && !document.getElementById('flights')"),
        timeout=10, what="every flight landed")


def flights(drawn: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every flight recorded: (the drawing it was started at, the flight)."""
    return [(d, a) for d in drawn for a in d["animations"] if a["copyOf"] and a["moves"]]


def near(a: list[float], b: list[float], tolerance: float = 1.5) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_a_bots_tile_or_card_travels_one_by_one_and_lands_in_its_place(
        browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, "alhambra", 2, "normal")
    table = table_of(page, live_server)
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(6):  # a bot's turn always moves something: a card, a tile, a refill
        drawn = others_move(page, table)
        seen += flights(drawn)
        if seen:
            break
    assert seen, "no flight after the bot's moves"
    every = page.evaluate("window.drawn")
    for at, flight in seen:
        key = flight["copyOf"]
        assert 300 <= flight["duration"] <= 500  # "one by one": about 400 ms
        # it lands exactly where the drawing puts the thing, which waited there unseen
        assert key in at["things"] and near(flight["last"], at["things"][key]), (key, flight)
        assert key in at["travelled"]
        # and it leaves where the thing was in the drawing before, carried along by its area
        # if that moved (an area above it grew)
        before = next(d for d in reversed(every) if d["version"] == at["version"] - 1)
        if key in before["things"]:
            x, y, w, h = before["things"][key]
            area = before["areaOf"][key]
            ax, ay = (at["areas"][area][k] - before["areas"][area][k] for k in (0, 1))
            assert near(flight["first"], [x + ax, y + ay, w, h], 3), (key, flight, before)
    settled(page)
    # nothing is left transformed or hidden: each thing is where the drawing puts it
    assert page.evaluate("""() => [...document.querySelectorAll('#board [data-key]')].every(
        (n) => getComputedStyle(n).opacity === '1' && n.getAnimations().length === 0)""")
    assert check_layout(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert check_layout(page) == []
    assert not page.errors, page.errors
    page.context.close()


def test_reduced_motion_moves_nothing(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, "alhambra", 2, "normal", reduced=True)
    table = table_of(page, live_server)
    faded = []
    for _ in range(4):
        drawn = others_move(page, table)
        for d in drawn:
            assert not [a for a in d["animations"] if a["moves"]], d["animations"]
            faded += [a for a in d["animations"] if not a["moves"]]
        if faded:
            break
    assert faded, "nothing faded in or out either"
    assert all(a["duration"] <= 500 for a in faded)
    assert not page.errors, page.errors
    page.context.close()


def test_at_once_draws_every_move_as_it_comes(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, "alhambra", 3, "fast")
    table = table_of(page, live_server)
    drawn = others_move(page, table)
    assert drawn and all(not d["animations"] for d in drawn), drawn
    arrived = dict(page.evaluate("window.arrived"))
    for d in drawn:  # each drawn the moment it arrived: no pace, no flight to wait for
        assert d["at"] - arrived[d["version"]] < 500, (d["version"], d["at"], arrived)
    assert page.locator("#flights").count() == 0
    assert not page.errors, page.errors
    page.context.close()


def test_envyra_dice_slide_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, "envyra", 2, "slow", device=PHONE)
    table = table_of(page, live_server)
    dice: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(8):
        drawn = others_move(page, table)
        dice += [(d, a) for d, a in flights(drawn) if a["copyOf"].startswith("die-")]
        if dice or table.state.is_over():
            break
    assert dice, "no die moved"
    for at, flight in dice:
        assert 800 <= flight["duration"] <= 1000  # "slowly": about 900 ms
        key = flight["copyOf"]
        if key in at["things"] and at["things"][key][2] > 0:  # shown (not in a closed row)
            assert near(flight["last"], at["things"][key]), (key, flight)
    # mid-flight, for a person to look at (kept under test-artifacts/)
    if table.state.is_over():
        return
    play_one_move(page)
    page.wait_for_timeout(300)
    shot(page, "animate-envyra-phone-mid-flight", full_page=False)
    settled(page)
    assert check_layout(page) == []
    assert not page.errors, page.errors
    page.context.close()
