"""The CLI's own messages in English, Czech and Slovak (the rulebooks' languages).

`t("key", **fields)` formats the message in the current language, falling back to English for
a key a table lacks, so a missing translation never breaks a command. The language comes from
`set_lang` (the CLI's `--lang`), else the environment variable HERNA_LANG, else English.

A game's own words live in a `Catalog` (its English, Czech and Slovak tables) in the game's
`i18n.py`; it speaks the CLI's current language unless asked for another.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

LANGUAGES = ("en", "cs", "sk")

EN: dict[str, str] = {
    "serve.at": "Herna is open at {url} (database: {db}). Ctrl+C stops it.",
    "error": "error: {msg}",
    "unknown_lang": "unknown language {lang!r}; languages: {langs}",
    "games.title": "Games",
    "games.none": "No games are registered.",
    "col.id": "Id",
    "col.name": "Name",
    "col.players": "Players",
    "col.options": "Options",
    "col.kind": "Kind",
    "kind.hidden": "hidden information",
    "kind.open": "open information",
    "kind.simultaneous": "simultaneous moves",
    "opt.syntax": "option {text!r} is not key=value",
    "opt.unknown": "{game} has no option {key!r} (options: {offered})",
    "opt.value": "option {key}: {value!r} is not {kind}",
    "flag.unknown": "{game} has no option {flag} (its options: {offered})",
    "flag.value": "{flag} needs a value",
    "arg.extra": "unexpected argument {text!r}",
    "kind.bool": "true or false",
    "kind.int": "a whole number",
    "kind.float": "a number",
    "none": "none",
    "players.bad": "{game} is for {counts} players, not {n}",
    "seat.bad": "--seat must be 0..{last}, not {seat}",
    "bots.count": "--bots needs 1 name or {n} (one per {what}), got {got}",
    "bots.per_seat": "seat",
    "bots.per_bot_seat": "bot seat",
    "play.header": "{name}: {players} players, seed {seed}. You are seat {seat}.",
    "play.hint": "Type an action, 'legal' for your options, 'help' for the notation, "
                 "'view' to redraw, 'quit' to leave.",
    "watch.header": "{name}: {players} players, seed {seed}, bots only.",
    "to_act": "Move {move}: seat {seat} to act",
    "prompt": "seat {seat}> ",
    "legal.title": "Legal actions (type the number or the text):",
    "legal.none": "No legal actions.",
    "number.bad": "there is no action number {n} (1-{last}); type 'legal' to list them",
    "help.missing": "No notation help for {game}; type 'legal' to see your actions.",
    "quit.confirm": "Really quit?",
    "quit.left": "Game left unfinished after {moves} moves.",
    "input.ended": "Input ended.",
    "saved": "Record saved to {path}",
    "wrote": "Wrote {path}",
    "move": "seat {seat} ({who}): {action}",
    "move.sealed": "seat {seat} ({who}) has chosen (hidden until everyone has)",
    "you": "you",
    "render.failed": "the terminal view failed ({error}); showing the raw view",
    "game_over": "Game over",
    "outcome.title": "Final score",
    "col.seat": "Seat",
    "col.player": "Player",
    "col.score": "Score",
    "col.rank": "Rank",
    "col.bot": "Bot",
    "col.games": "Games",
    "col.wins": "Wins",
    "col.share": "Win share (95% CI)",
    "col.mean": "Mean score ± 95% CI",
    "col.stdev": "Stdev",
    "sim.length": "Game length: {decisions} decisions",
    "sim.turns": ", {turns} turns",
    "col.move": "Move",
    "col.action": "Action",
    "not_over": "The game is not finished ({moves} moves).",
    "replay.header": "{game}: {players} players, seed {seed}, {moves} moves",
    "record.bad": "{path} is not a valid game record: {why}",
    "record.game": "the record is a game of {record}, not {game}",
    "render.none": "{game} has no SVG renderer (herna.games.{package}.render)",
    "move.bad": "--move must be 0..{last}, not {n}",
    "sim.progress": "Playing {game}",
    "sim.title": "{game}: {games} games, {players} players, seed {seed}",
    "sim.by_bot": "By bot (over every seat it played)",
    "sim.speed": "{games} games in {seconds:.1f} s ({rate:.1f} games/s)",
    "games.count": "--games must be at least 1, not {n}",
    "record.field": "field {field!r} is missing or malformed",
    "record.move": "move {n} is not [seat, action text]",
    "replay.move": "{n:>4}. seat {seat}: {action}",
    "rotating": "rotating",
    "extra.missing": "{flag} needs {package}: pip install 'herna[{extra}]'",
    "col.position": "Position",
    "sim.by_position": "By position after the start player (1 = the start player)",
    "sim.start_edge": "Start player's edge: {edge} percentage points of win share "
                      "over the fair {fair}% (95% CI {low} to {high})",
    "plot.win_share": "Win share (95% CI)",
    "plot.score": "Final score",
    "plot.by_bot": "Win share by bot",
    "plot.by_position": "By position after the start player",
    "plot.scores": "Score distribution",
    "plot.fair": "fair share",
    "plot.position": "Position (1 = start player)",
    "rate.players": "rating bots needs at least 2 players; {game} with {n} cannot rate them",
    "rate.bots": "--bots needs at least two different bots to rate, e.g. --bots greedy,random",
    "rate.twice": "bot {bot!r} is listed twice in --bots; list each bot once",
    "rate.rounded": "{asked} games asked, playing {games}: whole rounds, each of {lineups} "
                    "line-ups in every seat rotation",
    "rate.progress": "Rating bots in {game}",
    "rate.title": "{game}: ratings after {games} games ({players} players, seed {seed})",
    "rate.model": "OpenSkill (Plackett-Luce): μ is the skill (start 25), σ its uncertainty, "
                  "μ − 3σ a conservative rating",
    "rate.h2h": "Head to head: how often the row bot finished ahead of the column bot "
                "(ties half, 95% CI)",
    "col.place": "#",
    "col.mu": "μ",
    "col.sigma": "σ",
    "col.ordinal": "μ − 3σ",
    "out.folder": "cannot write {path}: there is no folder {folder}",
    "sim.rotate_hint": "(the bots keep their seats, so seat and bot effects mix: --rotate "
                       "gives every bot every position of each deal)",
    # refusal reasons every game shares (herna.core.state)
    "illegal.no_seat": "there is no seat {seat!r} (seats are 0..{last})",
    "illegal.over": "the game is over",
    "illegal.not_to_act": "seat {seat} is not to act now (waiting for seat {who})",
    "illegal.not_text": "expected action text, got {kind}",
    "illegal.not_action": "not an action: {action!r}",
    "illegal.not_now": "{action} is not possible now",
}

CS: dict[str, str] = {
    "serve.at": "Herna je otevřená na {url} (databáze: {db}). Ctrl+C ji zastaví.",
    "error": "chyba: {msg}",
    "unknown_lang": "neznámý jazyk {lang!r}; jazyky: {langs}",
    "games.title": "Hry",
    "games.none": "Není zaregistrována žádná hra.",
    "col.id": "Id",
    "col.name": "Název",
    "col.players": "Hráči",
    "col.options": "Volby",
    "col.kind": "Druh",
    "kind.hidden": "skryté informace",
    "kind.open": "otevřené informace",
    "kind.simultaneous": "současné tahy",
    "opt.syntax": "volba {text!r} nemá tvar klíč=hodnota",
    "opt.unknown": "{game} nemá volbu {key!r} (volby: {offered})",
    "opt.value": "volba {key}: {value!r} není {kind}",
    "flag.unknown": "{game} nemá volbu {flag} (její volby: {offered})",
    "flag.value": "{flag} potřebuje hodnotu",
    "arg.extra": "nečekaný argument {text!r}",
    "kind.bool": "true ani false",
    "kind.int": "celé číslo",
    "kind.float": "číslo",
    "none": "žádné",
    "players.bad": "{game} je pro {counts} hráče, ne pro {n}",
    "seat.bad": "--seat musí být 0..{last}, ne {seat}",
    "bots.count": "--bots potřebuje 1 jméno nebo {n} (jedno na {what}), zadáno {got}",
    "bots.per_seat": "místo",
    "bots.per_bot_seat": "místo bota",
    "play.header": "{name}: {players} hráči, seed {seed}. Hrajete za místo {seat}.",
    "play.hint": "Napište tah, 'legal' pro možné tahy, 'help' pro zápis tahů, "
                 "'view' pro překreslení, 'quit' pro odchod.",
    "watch.header": "{name}: {players} hráči, seed {seed}, hrají jen boti.",
    "to_act": "Tah {move}: na řadě je místo {seat}",
    "prompt": "místo {seat}> ",
    "legal.title": "Možné tahy (napište číslo nebo text):",
    "legal.none": "Žádný tah není možný.",
    "number.bad": "tah číslo {n} neexistuje (1-{last}); 'legal' je vypíše",
    "help.missing": "Pro {game} chybí nápověda k zápisu; 'legal' ukáže možné tahy.",
    "quit.confirm": "Opravdu skončit?",
    "quit.left": "Hra opuštěna nedokončená po {moves} tazích.",
    "input.ended": "Vstup skončil.",
    "saved": "Záznam uložen do {path}",
    "wrote": "Zapsáno do {path}",
    "move": "místo {seat} ({who}): {action}",
    "move.sealed": "místo {seat} ({who}) se rozhodlo (skryté, dokud se nerozhodnou všichni)",
    "you": "vy",
    "render.failed": "zobrazení v terminálu selhalo ({error}); ukazuji surová data",
    "game_over": "Konec hry",
    "outcome.title": "Konečné skóre",
    "col.seat": "Místo",
    "col.player": "Hráč",
    "col.score": "Body",
    "col.rank": "Pořadí",
    "col.bot": "Bot",
    "col.games": "Hry",
    "col.wins": "Výhry",
    "col.share": "Podíl výher (95% IS)",
    "col.mean": "Průměr bodů ± 95% IS",
    "col.stdev": "Sm. odch.",
    "sim.length": "Délka hry: {decisions} rozhodnutí",
    "sim.turns": ", {turns} tahů",
    "col.move": "Tah",
    "col.action": "Akce",
    "not_over": "Hra není dokončena ({moves} tahů).",
    "replay.header": "{game}: {players} hráči, seed {seed}, {moves} tahů",
    "record.bad": "{path} není platný záznam hry: {why}",
    "record.game": "záznam je ze hry {record}, ne {game}",
    "render.none": "{game} nemá SVG vykreslení (herna.games.{package}.render)",
    "move.bad": "--move musí být 0..{last}, ne {n}",
    "sim.progress": "Hraje se {game}",
    "sim.title": "{game}: {games} her, {players} hráči, seed {seed}",
    "sim.by_bot": "Podle bota (přes všechna jeho místa)",
    "sim.speed": "{games} her za {seconds:.1f} s ({rate:.1f} her/s)",
    "games.count": "--games musí být aspoň 1, ne {n}",
    "record.field": "pole {field!r} chybí nebo je chybné",
    "record.move": "tah {n} nemá tvar [místo, text akce]",
    "replay.move": "{n:>4}. místo {seat}: {action}",
    "rotating": "střídají se",
    "extra.missing": "{flag} potřebuje {package}: pip install 'herna[{extra}]'",
    "col.position": "Pozice",
    "sim.by_position": "Podle pozice od začínajícího hráče (1 = začínající hráč)",
    "sim.start_edge": "Výhoda začínajícího hráče: {edge} p. b. (procentních bodů) "
                      "podílu výher nad férových {fair} % (95% IS {low} až {high})",
    "plot.win_share": "Podíl výher (95% IS)",
    "plot.score": "Konečné body",
    "plot.by_bot": "Podíl výher podle bota",
    "plot.by_position": "Podle pozice od začínajícího hráče",
    "plot.scores": "Rozložení bodů",
    "plot.fair": "férový podíl",
    "plot.position": "Pozice (1 = začínající hráč)",
    "rate.players": "hodnocení botů potřebuje aspoň 2 hráče; {game} s {n} je neohodnotí",
    "rate.bots": "--bots potřebuje k hodnocení aspoň dva různé boty, např. --bots greedy,random",
    "rate.twice": "bot {bot!r} je v --bots dvakrát; uveďte každého bota jednou",
    "rate.rounded": "zadáno {asked} her, hraje se {games}: celá kola, každá z {lineups} "
                    "sestav v každém otočení míst",
    "rate.progress": "Hodnotí se boti ve hře {game}",
    "rate.title": "{game}: hodnocení po {games} hrách ({players} hráči, seed {seed})",
    "rate.model": "OpenSkill (Plackett-Luce): μ je síla (začíná na 25), σ její nejistota, "
                  "μ − 3σ opatrné hodnocení",
    "rate.h2h": "Vzájemně: jak často skončil bot v řádku před botem ve sloupci "
                "(remíza za půl, 95% IS)",
    "col.place": "#",
    "col.mu": "μ",
    "col.sigma": "σ",
    "col.ordinal": "μ − 3σ",
    "out.folder": "nelze zapsat {path}: složka {folder} neexistuje",
    "sim.rotate_hint": "(boti zůstávají na svých místech, vliv místa a bota se mísí: --rotate "
                       "dá každému botovi každou pozici každého rozdání)",
    "illegal.no_seat": "místo {seat!r} neexistuje (místa jsou 0..{last})",
    "illegal.over": "hra skončila",
    "illegal.not_to_act": "místo {seat} teď není na tahu (čeká se na místo {who})",
    "illegal.not_text": "očekáván text tahu, zadáno {kind}",
    "illegal.not_action": "toto není tah: {action!r}",
    "illegal.not_now": "{action} teď není možné",
}

SK: dict[str, str] = {
    "serve.at": "Herna je otvorená na {url} (databáza: {db}). Ctrl+C ju zastaví.",
    "error": "chyba: {msg}",
    "unknown_lang": "neznámy jazyk {lang!r}; jazyky: {langs}",
    "games.title": "Hry",
    "games.none": "Nie je zaregistrovaná žiadna hra.",
    "col.id": "Id",
    "col.name": "Názov",
    "col.players": "Hráči",
    "col.options": "Voľby",
    "col.kind": "Druh",
    "kind.hidden": "skryté informácie",
    "kind.open": "otvorené informácie",
    "kind.simultaneous": "súčasné ťahy",
    "opt.syntax": "voľba {text!r} nemá tvar kľúč=hodnota",
    "opt.unknown": "{game} nemá voľbu {key!r} (voľby: {offered})",
    "opt.value": "voľba {key}: {value!r} nie je {kind}",
    "flag.unknown": "{game} nemá voľbu {flag} (jej voľby: {offered})",
    "flag.value": "{flag} potrebuje hodnotu",
    "arg.extra": "nečakaný argument {text!r}",
    "kind.bool": "true ani false",
    "kind.int": "celé číslo",
    "kind.float": "číslo",
    "none": "žiadne",
    "players.bad": "{game} je pre {counts} hráčov, nie pre {n}",
    "seat.bad": "--seat musí byť 0..{last}, nie {seat}",
    "bots.count": "--bots potrebuje 1 meno alebo {n} (jedno na {what}), zadané {got}",
    "bots.per_seat": "miesto",
    "bots.per_bot_seat": "miesto bota",
    "play.header": "{name}: {players} hráči, seed {seed}. Hráte za miesto {seat}.",
    "play.hint": "Napíšte ťah, 'legal' pre možné ťahy, 'help' pre zápis ťahov, "
                 "'view' pre prekreslenie, 'quit' pre odchod.",
    "watch.header": "{name}: {players} hráči, seed {seed}, hrajú len boty.",
    "to_act": "Ťah {move}: na rade je miesto {seat}",
    "prompt": "miesto {seat}> ",
    "legal.title": "Možné ťahy (napíšte číslo alebo text):",
    "legal.none": "Žiadny ťah nie je možný.",
    "number.bad": "ťah číslo {n} neexistuje (1-{last}); 'legal' ich vypíše",
    "help.missing": "Pre {game} chýba nápoveda k zápisu; 'legal' ukáže možné ťahy.",
    "quit.confirm": "Naozaj skončiť?",
    "quit.left": "Hra opustená nedokončená po {moves} ťahoch.",
    "input.ended": "Vstup skončil.",
    "saved": "Záznam uložený do {path}",
    "wrote": "Zapísané do {path}",
    "move": "miesto {seat} ({who}): {action}",
    "move.sealed": "miesto {seat} ({who}) sa rozhodlo (skryté, kým sa nerozhodnú všetci)",
    "you": "vy",
    "render.failed": "zobrazenie v termináli zlyhalo ({error}); ukazujem surové dáta",
    "game_over": "Koniec hry",
    "outcome.title": "Konečné skóre",
    "col.seat": "Miesto",
    "col.player": "Hráč",
    "col.score": "Body",
    "col.rank": "Poradie",
    "col.bot": "Bot",
    "col.games": "Hry",
    "col.wins": "Výhry",
    "col.share": "Podiel výhier (95% IS)",
    "col.mean": "Priemer bodov ± 95% IS",
    "col.stdev": "Sm. odch.",
    "sim.length": "Dĺžka hry: {decisions} rozhodnutí",
    "sim.turns": ", {turns} ťahov",
    "col.move": "Ťah",
    "col.action": "Akcia",
    "not_over": "Hra nie je dokončená ({moves} ťahov).",
    "replay.header": "{game}: {players} hráči, seed {seed}, {moves} ťahov",
    "record.bad": "{path} nie je platný záznam hry: {why}",
    "record.game": "záznam je z hry {record}, nie {game}",
    "render.none": "{game} nemá SVG vykreslenie (herna.games.{package}.render)",
    "move.bad": "--move musí byť 0..{last}, nie {n}",
    "sim.progress": "Hrá sa {game}",
    "sim.title": "{game}: {games} hier, {players} hráči, seed {seed}",
    "sim.by_bot": "Podľa bota (cez všetky jeho miesta)",
    "sim.speed": "{games} hier za {seconds:.1f} s ({rate:.1f} hier/s)",
    "games.count": "--games musí byť aspoň 1, nie {n}",
    "record.field": "pole {field!r} chýba alebo je chybné",
    "record.move": "ťah {n} nemá tvar [miesto, text akcie]",
    "replay.move": "{n:>4}. miesto {seat}: {action}",
    "rotating": "striedajú sa",
    "extra.missing": "{flag} potrebuje {package}: pip install 'herna[{extra}]'",
    "col.position": "Pozícia",
    "sim.by_position": "Podľa pozície od začínajúceho hráča (1 = začínajúci hráč)",
    "sim.start_edge": "Výhoda začínajúceho hráča: {edge} p. b. (percentuálnych bodov) "
                      "podielu výhier nad férových {fair} % (95% IS {low} až {high})",
    "plot.win_share": "Podiel výhier (95% IS)",
    "plot.score": "Konečné body",
    "plot.by_bot": "Podiel výhier podľa bota",
    "plot.by_position": "Podľa pozície od začínajúceho hráča",
    "plot.scores": "Rozloženie bodov",
    "plot.fair": "férový podiel",
    "plot.position": "Pozícia (1 = začínajúci hráč)",
    "rate.players": "hodnotenie botov potrebuje aspoň 2 hráčov; {game} s {n} ich neohodnotí",
    "rate.bots": "--bots potrebuje na hodnotenie aspoň dva rôzne boty, napr. --bots greedy,random",
    "rate.twice": "bot {bot!r} je v --bots dvakrát; uveďte každého bota raz",
    "rate.rounded": "zadaných {asked} hier, hrá sa {games}: celé kolá, každá z {lineups} "
                    "zostáv v každom otočení miest",
    "rate.progress": "Hodnotia sa boty v hre {game}",
    "rate.title": "{game}: hodnotenie po {games} hrách ({players} hráči, seed {seed})",
    "rate.model": "OpenSkill (Plackett-Luce): μ je sila (začína na 25), σ jej neistota, "
                  "μ − 3σ opatrné hodnotenie",
    "rate.h2h": "Navzájom: ako často skončil bot v riadku pred botom v stĺpci "
                "(remíza za pol, 95% IS)",
    "col.place": "#",
    "col.mu": "μ",
    "col.sigma": "σ",
    "col.ordinal": "μ − 3σ",
    "out.folder": "nedá sa zapísať {path}: priečinok {folder} neexistuje",
    "sim.rotate_hint": "(boty zostávajú na svojich miestach, vplyv miesta a bota sa mieša: "
                       "--rotate dá každému botovi každú pozíciu každého rozdania)",
    "illegal.no_seat": "miesto {seat!r} neexistuje (miesta sú 0..{last})",
    "illegal.over": "hra skončila",
    "illegal.not_to_act": "miesto {seat} teraz nie je na ťahu (čaká sa na miesto {who})",
    "illegal.not_text": "očakáva sa text ťahu, zadané {kind}",
    "illegal.not_action": "toto nie je ťah: {action!r}",
    "illegal.not_now": "{action} teraz nie je možné",
}

TABLES: dict[str, dict[str, str]] = {"en": EN, "cs": CS, "sk": SK}

# A context variable, not a global: a server speaks Czech at one table and English at the next,
# each request (and each asyncio task or worker thread it hands work to) in its own language.
_lang: ContextVar[str | None] = ContextVar("herna_lang", default=None)


class UnknownLanguage(ValueError):
    pass


def check_lang(lang: str | None) -> str:
    """The language code of ours that `lang` names (None: HERNA_LANG, else English);
    UnknownLanguage if it names none."""
    chosen = (lang or os.environ.get("HERNA_LANG") or "en").strip().lower()
    chosen = chosen.replace("-", "_").split("_")[0].split(".")[0]  # cs_CZ.UTF-8, cs-CZ
    if chosen not in TABLES:
        raise UnknownLanguage(EN["unknown_lang"].format(lang=chosen, langs=", ".join(LANGUAGES)))
    return chosen


def set_lang(lang: str | None) -> str:
    """Speak `lang` from now on in this context (the CLI: the whole process)."""
    chosen = check_lang(lang)
    _lang.set(chosen)
    return chosen


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Speak `lang` inside the block only, then the language before: a server's request."""
    token = _lang.set(check_lang(lang))
    try:
        yield _lang.get() or "en"
    finally:
        _lang.reset(token)


def get_lang() -> str:
    lang = _lang.get()
    if lang is None:
        try:
            return set_lang(None)
        except UnknownLanguage:  # a bad HERNA_LANG must not stop the error being shown
            return "en"
    return lang


def t(key: str, /, **fields: object) -> str:
    """The message `key` in the current language, with `fields` filled in."""
    table = TABLES[get_lang()]
    template = table.get(key) or EN[key]
    return template.format(**fields)


class Catalog:
    """A game's messages in LANGUAGES: `Catalog(EN, CS, SK)`, English the reference.

    `t` formats a message in the language asked for, else the CLI's current one, else English;
    a key a table lacks falls back to English, so a missing translation never breaks a screen.
    """

    def __init__(self, en: dict[str, str], cs: dict[str, str], sk: dict[str, str]) -> None:
        self.en = en
        self.tables: dict[str, dict[str, str]] = {"en": en, "cs": cs, "sk": sk}

    def lang_of(self, lang: str | None = None) -> str:
        """`lang` if it is one of ours, else the CLI's current language (English by default)."""
        if lang in self.tables:
            return str(lang)
        current = get_lang()
        return current if current in self.tables else "en"

    def t(self, key: str, /, lang: str | None = None, **fields: object) -> str:
        """The message `key` in `lang` (default: the current language), `fields` filled in."""
        template = self.tables[self.lang_of(lang)].get(key) or self.en[key]
        return template.format(**fields)

    def word(self, prefix: str, name: str, lang: str | None = None,
             fallback: str | None = None) -> str:
        """A game term such as `word("type", "tower")`: the message `prefix.name`, or for a
        name the catalogue lacks `fallback` (default: the name as it is)."""
        key = f"{prefix}.{name}"
        if key in self.en:
            return self.t(key, lang)
        return name if fallback is None else fallback

    def ordinal(self, n: int, lang: str | None = None) -> str:
        """A place as said at the table: 1st, 2nd (en); 1., 2. (cs, sk)."""
        if self.lang_of(lang) == "en":
            suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
            return f"{n}{suffix}"
        return f"{n}."

    def join_names(self, names: Iterable[str], lang: str | None = None) -> str:
        """'Kim', 'Kim and Nina', 'Kim, Nina and Ola', with the catalogue's word for "and"
        (its message `and`, spaces included); no names give ""."""
        items = list(names)
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])}{self.t('and', lang)}{items[-1]}"
