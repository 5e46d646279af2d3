"""The score pads and the rules pages in the browser (issue 22), from the lobby as a person
goes: a score pad filled on a phone for three players, its points explained, saved, found
again after a reload and shared by a link that reopens the same pad; offline the page says
it will count when the connection is back and keeps every entry (a service worker keeps the
page); a rules page opened from a table. Every new screen is checked at 390x844 and
1366x768 (check_layout) and kept under test-artifacts/ to be looked at."""

from __future__ import annotations

import re
from typing import Any

import pytest

from herna.games.alhambra.data import BUILDING_TYPES
from herna.games.alhambra.scoring import score_round
from herna.web import catalog

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_a11y import violations
from .test_invite import close, new_page, wait_for
from .test_words_browser import english_on

SIZES = {"390": PHONE, "1366": DESKTOP}
CLIPBOARD = ["clipboard-read", "clipboard-write"]


def open_pad_from_lobby(page: Any, server: LiveServer, game: str) -> None:
    """The lobby, the game's card, then its Score pad link."""
    page.goto(server.url + "/")
    page.locator(f'button[data-game="{game}"]').click()
    page.locator("#lobby-pad").click()
    page.wait_for_url(f"**/score/{game}")
    wait_for(lambda: page.locator(".pad-card").count() > 0, what="the pad's cards")


def open_chooser_from_lobby(page: Any, server: LiveServer) -> None:
    """The lobby, a game's Score pad link, then the pad's "All score pads"."""
    open_pad_from_lobby(page, server, "alhambra")
    page.locator("#pad-all").click()
    page.wait_for_url("**/score/")
    wait_for(lambda: page.locator(".pad-games li").count() == 4, what="the pads")


def choose_pad(page: Any, game: str) -> None:
    """From the chooser (or any pad, through "All score pads"): the game's pad."""
    if page.locator(".pad-games").count() == 0:
        page.locator("#pad-all").click()
        wait_for(lambda: page.locator(".pad-games li").count() == 4, what="the pads")
    page.locator(f'.pad-games li[data-game="{game}"] a.primary').click()
    page.wait_for_url(f"**/score/{game}")
    wait_for(lambda: page.locator(".pad-card").count() > 0, what="the pad")


def tap(page: Any, player: int, key: str, times: int) -> None:
    for _ in range(times):
        page.locator(f'[data-player="{player}"] [data-key="{key}"] button.more').click()


def value(page: Any, player: int, key: str) -> str:
    return str(page.locator(f"#pad-{player}-{key}").input_value())


def cells(page: Any, key: str) -> list[str]:
    row = page.locator(f'#pad-table tr[data-key="{key}"] td')
    return [c.strip() for c in row.all_inner_texts()]


# three players at the end of an Alhambra game, as they would count their buildings
ENTRIES = [("Ana", {"tower": 4, "pavilion": 2, "garden": 1}, 8),
           ("Ben", {"tower": 4, "garden": 3}, 5),
           ("Cyril", {"arcades": 3, "tower": 1}, 11)]


def fill_alhambra(page: Any) -> None:
    """Names typed, buildings tapped in with the steppers, walls typed."""
    for i, (name, counts, walls) in enumerate(ENTRIES):
        page.locator(f"#pad-name-{i}").fill(name)
        for kind, n in counts.items():
            tap(page, i, kind, n)
        page.locator(f"#pad-{i}-walls").fill(str(walls))
        page.locator(f"#pad-{i}-walls").dispatch_event("change")


def expected_totals() -> list[str]:
    """What the engine's own scoring gives for ENTRIES in round 3 (not typed in here)."""
    rows = score_round([c for _, c, _ in ENTRIES], [w for _, _, w in ENTRIES], 3)
    return [str(r["total"]) for r in rows]


def test_a_score_pad_filled_on_a_phone_saved_found_again_and_shared(
        browser: Any, live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana", **PHONE, permissions=CLIPBOARD)
    try:
        open_pad_from_lobby(page, live_server, "alhambra")
        assert page.locator(".pad-card").count() == 3  # three players to start with
        assert page.locator("#pad-set-round").input_value() == "3"
        fill_alhambra(page)
        assert value(page, 0, "tower") == "4" and value(page, 2, "walls") == "11"
        # a stepper's buttons and field are a finger's size
        for part in ("button.less", "input", "button.more"):
            box = page.locator(f'[data-player="1"] [data-key="tower"] {part}').bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, (part, box)
        assert check_layout(page) == []
        shot(page, "pad-alhambra-filled-390")
        page.locator("#pad-count").click()
        wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the points")
        assert cells(page, "total") == expected_totals()
        assert page.locator("#pad-table thead th").all_inner_texts() == ["Ana", "Ben", "Cyril"]
        explained = page.locator("#pad-explain li").all_inner_texts()
        assert len(explained) == len(BUILDING_TYPES) + 1  # every type, then the walls
        tower = next(line for line in explained if line.startswith("tower"))
        assert "Ana and Ben tie for 1st" in tower and "Cyril" in tower
        assert "Cyril 11" in explained[-1]
        assert check_layout(page) == []
        page.locator("#pad-result").scroll_into_view_if_needed()
        shot(page, "pad-alhambra-result-390", full_page=False)
        shot(page, "pad-alhambra-result-390-whole")
        # save, reload: the pad is in the saved list and every entry is still typed in
        page.locator("#pad-save").click()
        saved_note = catalog().t("pads.saved_note", "en")
        wait_for(lambda: saved_note in page.locator("#pad-share-status").inner_text(),
                 what="saved")
        page.reload()
        wait_for(lambda: page.locator("#pad-saved li").count() == 1, what="the saved pad")
        line = page.locator("#pad-saved li").inner_text()
        totals = expected_totals()
        for (name, _, _), total in zip(ENTRIES, totals, strict=True):
            assert f"{name} {total}" in line, line
        assert page.locator("#pad-name-2").input_value() == "Cyril"
        assert value(page, 1, "garden") == "3"
        shot(page, "pad-alhambra-saved-390")
        page.locator("#pad-saved li a.reopen").click()
        wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the saved points")
        assert cells(page, "total") == totals
        # share: no share sheet in this browser, so the link is copied
        page.locator("#pad-share").click()
        wait_for(lambda: page.locator("#pad-link").count() == 1, what="the link")
        link = page.locator("#pad-link").input_value()
        assert re.search(r"/score/alhambra#e=[A-Za-z0-9_-]+$", link), link
        copied = catalog().t("pads.copied", "en")
        wait_for(lambda: copied in page.locator("#pad-share-status").inner_text(),
                 what="copied")
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert check_layout(page) == []
        shot(page, "pad-alhambra-shared-390", full_page=False)
    finally:
        close(page)
    # the link opens the same pad on another device, with nothing kept there
    other = new_page(browser, **PHONE)
    try:
        other.goto(link)
        wait_for(lambda: other.locator(".pad-card").count() == 3, what="the shared pad")
        assert other.locator("#pad-from-link").is_visible()
        assert [other.locator(f"#pad-name-{i}").input_value() for i in range(3)] == [
            "Ana", "Ben", "Cyril"]
        assert value(other, 0, "pavilion") == "2" and value(other, 1, "walls") == "5"
        other.locator("#pad-count").click()
        wait_for(lambda: other.locator("#pad-verdict").is_visible(), what="the points")
        assert cells(other, "total") == expected_totals()
    finally:
        close(other)


def test_offline_the_pad_says_so_and_keeps_the_entries(browser: Any,
                                                       live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana", **PHONE)
    context = page.context
    try:
        open_pad_from_lobby(page, live_server, "ubongo")
        # the service worker keeps the page: it says so once it controls it
        wait_for(lambda: page.locator("#pad-offline-ready").is_visible(), timeout=60,
                 what="the pad kept for offline use")
        page.locator("#pad-name-0").fill("Eva")
        tap(page, 0, "green", 3)
        tap(page, 1, "red", 2)
        page.locator("#pad-count").click()
        wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the points online")
        first = page.locator("#pad-verdict").inner_text()
        context.set_offline(True)
        tap(page, 2, "blue", 1)
        page.locator("#pad-count").click()
        offline = catalog().t("pads.offline", "en")
        wait_for(lambda: page.locator("#pad-status").inner_text() == offline,
                 what="the offline notice")
        assert page.locator("#pad-result").get_attribute("class").split().count("stale") == 1
        assert value(page, 2, "blue") == "1" and page.locator("#pad-name-0").input_value() \
            == "Eva"
        assert check_layout(page) == []
        shot(page, "pad-offline-390", full_page=False)
        # the same entries as counted before: the last answer, said to be one
        page.locator('[data-player="2"] [data-key="blue"] button.less').click()
        page.locator("#pad-count").click()
        last = catalog().t("pads.offline_last", "en")
        wait_for(lambda: page.locator("#pad-status").inner_text() == last,
                 what="the last answer")
        assert page.locator("#pad-verdict").inner_text() == first
        # a reload without a connection: the kept page, with every entry
        tap(page, 2, "blue", 2)
        page.reload()
        wait_for(lambda: page.locator(".pad-card").count() == 3, what="the page offline")
        assert value(page, 0, "green") == "3" and value(page, 2, "blue") == "2"
        assert page.locator("#pad-name-0").input_value() == "Eva"
        page.locator("#pad-count").click()
        wait_for(lambda: page.locator("#pad-status").inner_text() == offline,
                 what="the offline notice after a reload")
        shot(page, "pad-offline-reloaded-390", full_page=False)
        # back online: the points are counted without another tap
        context.set_offline(False)
        wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="counted when back")
        assert "Eva" in page.locator("#pad-verdict").inner_text()
        assert page.locator("#pad-table thead th").first.inner_text() == "Eva"
    finally:
        context.set_offline(False)
        close(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_every_pad_fits_the_screen(browser: Any, live_server: LiveServer, game: str,
                                   size: str) -> None:
    """Each game's pad, filled a little and counted: nothing too small, nothing sideways."""
    page = new_page(browser, name="Ana", **SIZES[size])
    try:
        open_pad_from_lobby(page, live_server, game)
        cards = page.locator(".pad-card").count()
        first = page.locator('[data-player="0"] .pad-field[data-kind="count"]').first
        key = first.get_attribute("data-key")
        for i in range(cards):
            if page.locator(f'[data-player="{i}"]').count():
                tap(page, i, key, i + 1)
        paid = page.locator("#pad-0-paid_pavilion")
        if game == "alhambra-rw":  # a type complete: the place paid during play is asked
            assert paid.count() == 1 and paid.is_hidden()
            tap(page, 0, "pavilion", 3)  # 4 crosses: every box of the row
            assert paid.is_visible()
            paid.select_option("1")
        if game == "envyra":  # the end tile and an Equilibrium card
            page.locator("#pad-1-end_tile").check()
            page.locator("#pad-0-cards-EQ1").check()
            tap(page, 0, "green_leaf", 1)
            tap(page, 0, "orange_sun", 1)  # EQ1: sun + leaf
        assert check_layout(page) == []
        shot(page, f"pad-{game}-{size}")
        page.locator("#pad-count").click()
        wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the points")
        assert page.locator("#pad-explain li").count() >= 1
        explained = " ".join(page.locator("#pad-explain li").all_inner_texts())
        if game == "alhambra-rw":
            assert "Player 1 took 1st during play: 16" in explained, explained
        if game == "envyra":
            assert "EQ1 scores 2" in explained, explained
        players = page.locator("[data-player]").count()
        assert page.locator("#pad-table thead th").count() >= players
        assert check_layout(page) == []
        page.locator("#pad-result").scroll_into_view_if_needed()
        shot(page, f"pad-{game}-result-{size}", full_page=False)
        # one more player, then one less: the cards follow
        page.locator("#pad-add").click()
        assert page.locator("[data-player]").count() == players + 1
        page.locator(f"#pad-remove-{players}").click()
        assert page.locator("[data-player]").count() == players
    finally:
        close(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_chooser_lists_every_pad_with_its_rules(browser: Any, live_server: LiveServer,
                                                    size: str) -> None:
    page = new_page(browser, **SIZES[size])
    try:
        open_chooser_from_lobby(page, live_server)
        assert check_layout(page) == []
        shot(page, f"pad-chooser-{size}")
        choose_pad(page, "envyra")
        assert page.locator(".pad-card").count() == 3
        # a game's Rules link on the chooser
        page.locator("#pad-all").click()
        page.locator('.pad-games li[data-game="ubongo"] a:not(.primary)').click()
        page.wait_for_url("**/rules/ubongo?lang=en")
        assert page.locator("#recon mark.badge").count() == 1
    finally:
        close(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_rules_page_opened_from_a_table(browser: Any, live_server: LiveServer,
                                          size: str) -> None:
    page = new_page(browser, name="Ana", **SIZES[size])
    try:
        page.add_init_script("localStorage.setItem('herna.lang', 'cs')")
        page.goto(live_server.url + "/")
        page.locator('button[data-game="envyra"]').click()
        assert check_layout(page) == []
        shot(page, f"lobby-links-{size}", full_page=False)
        page.locator("#start").click()
        page.wait_for_url("**/t/*")
        link = page.locator("#rules-open")
        wait_for(lambda: link.count() == 1, what="the Rules link at the table")
        assert link.inner_text() == catalog().t("rules.open", "cs")
        box = link.bounding_box()
        assert box and box["height"] >= 44, box
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_load_state()
        assert "/rules/envyra?lang=cs" in rules.url
        assert rules.locator("h1").inner_text() == catalog().t(
            "rules.title", "cs", game="Envyra")
        badge = catalog().t("rules.badge", "cs")
        assert rules.locator("#recon mark.badge").inner_text() == badge
        assert rules.locator("#rules-readings mark.badge.recon").count() >= 1
        assert check_layout(rules) == []
        shot(rules, f"rules-envyra-cs-{size}", full_page=False)
        # its own languages: the page in Slovak
        rules.locator('.lang-links a[hreflang="sk"]').click()
        rules.wait_for_url("**lang=sk")
        assert rules.evaluate("document.documentElement.lang") == "sk"
        assert check_layout(rules) == []
        shot(rules, f"rules-envyra-sk-{size}")
    finally:
        close(page)


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_nothing_serious_on_the_pads_and_rules(browser: Any, live_server: LiveServer,
                                                         size: str) -> None:
    """The chooser, a pad before and after counting, and a rules page: keyboard and screen
    readers find what they need (axe-core, as tests/web/test_a11y.py runs it)."""
    page = new_page(browser, **SIZES[size])
    try:
        open_chooser_from_lobby(page, live_server)
        found = {"chooser": violations(page)}
        for game in ("alhambra-rw", "envyra"):
            choose_pad(page, game)
            found[game] = violations(page)
            page.locator("#pad-count").click()
            wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the points")
            found[f"{game} counted"] = violations(page)
        page.locator("#pad-rules").click()
        page.wait_for_url("**/rules/envyra?lang=en")
        page.locator('.lang-links a[hreflang="sk"]').click()
        page.wait_for_url("**lang=sk")
        found["rules"] = violations(page)
        assert all(not v for v in found.values()), {k: v for k, v in found.items() if v}
    finally:
        close(page)


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_a_czech_or_slovak_pad_has_no_english(browser: Any, live_server: LiveServer,
                                             lang: str) -> None:
    """Every word of the chooser, each pad's form and its counted points in the page's
    language (the form's words come from the catalogs through the API)."""
    page = new_page(browser, **PHONE)
    try:
        page.add_init_script(f"localStorage.setItem('herna.lang', {lang!r})")
        open_chooser_from_lobby(page, live_server)
        assert page.evaluate("document.documentElement.lang") == lang
        assert english_on(page) == set()
        for game in ("alhambra", "alhambra-rw", "envyra", "ubongo"):
            choose_pad(page, game)
            tap(page, 0, page.locator('[data-player="0"] .pad-field[data-kind="count"]')
                .first.get_attribute("data-key"), 2)
            assert english_on(page) == set(), game
            page.locator("#pad-count").click()
            wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the points")
            page.locator("#pad-save").click()
            assert english_on(page) == set(), game
        shot(page, f"pad-ubongo-result-{lang}-390", full_page=False)
    finally:
        close(page)


def test_share_hands_the_link_to_the_devices_share_sheet(browser: Any,
                                                         live_server: LiveServer) -> None:
    """Where the Web Share API is present (a phone), Share hands it the pad's link."""
    page = new_page(browser, **PHONE)
    try:
        page.add_init_script("""navigator.share = (data) => {
            window.sharedWith = data; return Promise.resolve(); };""")
        open_pad_from_lobby(page, live_server, "ubongo")
        page.locator("#pad-name-0").fill("Eva")
        tap(page, 0, "violet", 5)
        page.locator("#pad-count").click()
        wait_for(lambda: page.locator("#pad-verdict").is_visible(), what="the points")
        page.locator("#pad-share").click()
        wait_for(lambda: page.evaluate("Boolean(window.sharedWith)"), what="the share sheet")
        shared = page.evaluate("window.sharedWith")
        assert shared["title"] == catalog().t("pads.share_title", "en", game="Ubongo")
        assert re.search(r"/score/ubongo#e=[A-Za-z0-9_-]+$", shared["url"])
        assert page.locator("#pad-link").count() == 0  # nothing to copy by hand
        page.goto(shared["url"])
        wait_for(lambda: page.locator("#pad-from-link").count() == 1, what="the shared pad")
        assert page.locator("#pad-name-0").input_value() == "Eva"
        assert value(page, 0, "violet") == "5"
    finally:
        close(page)
