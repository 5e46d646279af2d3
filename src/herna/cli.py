"""The `herna` command: play in the terminal, watch or simulate bots, replay and draw records,
keep score at a real table.

What `play` draws comes from the game's `terminal` module, each part optional: `render(view)`
the whole table (`view all`), `compact(view)` what a seat needs to act on 80×24 (each turn and
`view`), `intro(view)` lines before a new game's first move, `announce(before, after)` what a
move set off (a scoring round, a race's recap), `ending(view)` closing words after the final
score, `listed` and `stamp` for the Ubongo race.

Every command turns bad input (unknown game, player count, option, file, record) into one red
line and exit code 2, never a traceback: a person at a terminal needs the reason, not our
stack. Messages go through `herna.i18n.t`, so `--lang cs|sk` (or HERNA_LANG) translates them.
"""

import contextlib
import copy
import gc
import importlib
import logging
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import herna
from herna.ai.arena import GroupStats, TournamentResult, bot_label, derive_seed, run_tournament
from herna.ai.base import Bot
from herna.ai.registry import default_bot, game_module, make_bot, split_bot_list
from herna.ai.stats import Summary, WinShare
from herna.core import Action, BadRecord, GameSpec, HernaError, IllegalAction, Outcome, State
from herna.core.spec import fits_option
from herna.i18n import CATALOG, LANGUAGES, UnknownLanguage, percent, set_lang, t, tenths
from herna.raster import check_picture_path, write_picture

if TYPE_CHECKING:
    from herna.ai.rating import RatingResult

app = typer.Typer(
    name="herna",
    help="Herna: play Alhambra (and more) in the terminal, pit bots against each other, "
         "replay and draw game records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # a docstring's paragraphs reflow to the terminal's width
)
score_app = typer.Typer(no_args_is_help=True)
app.add_typer(score_app, name="score")

LangOpt = Annotated[str | None, typer.Option(
    "--lang", help=f"Language of messages: {', '.join(LANGUAGES)} (default: $HERNA_LANG or en).")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="A game option as key=value (repeatable); see `herna games`.")]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", help="Number of players (default: the game's smallest).")]
RayOpt = Annotated[str | None, typer.Option(
    "--ray", help="Run the games on Ray (needs the ray extra): auto (a running cluster, else a "
                  "local one), local, or a cluster address. Results do not depend on it.")]


class UsageError(HernaError):
    """Bad command-line input that the engine itself never sees."""


# ----- output ---------------------------------------------------------------------------------
class UI:
    """The two consoles of one command run. Built per run so the streams and environment
    (NO_COLOR, FORCE_COLOR, COLUMNS) are those of this run, which is what tests rely on."""

    def __init__(self) -> None:
        self.out = Console(highlight=False)
        self.err = Console(stderr=True, highlight=False)

    def line(self, text: str, style: str = "") -> None:
        self.out.print(Text(text, style=style), soft_wrap=True)

    def warn(self, text: str) -> None:
        self.err.print(Text(text, style="yellow"), soft_wrap=True)

    def problem(self, text: str) -> None:
        """A reason shown in red without leaving (an illegal move at the prompt)."""
        self.out.print(Text(text, style="bold red"), soft_wrap=True)

    def fail(self, message: str) -> NoReturn:
        self.err.print(Text(t("error", msg=message), style="bold red"), soft_wrap=True)
        raise typer.Exit(2)


def _start(lang: str | None) -> UI:
    ui = UI()
    try:
        set_lang(lang)
    except UnknownLanguage as e:
        ui.fail(str(e))
    return ui


@contextmanager
def _guard(ui: UI) -> Iterator[None]:
    """Bad input of any kind -> one red line and exit code 2."""
    try:
        yield
    except HernaError as e:
        ui.fail(str(e))
    except OSError as e:
        ui.fail(f"{e.filename}: {e.strerror}" if e.filename and e.strerror else str(e))


def _num(x: float) -> str:
    """A count that may be fractional (shared wins: 9.5) as the language writes it."""
    if float(x).is_integer():
        return str(int(x))
    from babel.numbers import format_decimal

    return str(format_decimal(x, format="#,##0.0#", locale=CATALOG.lang_of()))


# ----- reading the command line ----------------------------------------------------------------
def _counts_text(game: GameSpec) -> str:
    counts = sorted(game.player_counts)
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def _table(game: str, players: int | None, option: list[str] | None,
           flags: Sequence[str] = ()) -> tuple[GameSpec, int, dict[str, Any]]:
    """The game, the player count and the options a command was asked for (as `--option
    key=value` or as the game's own flags, e.g. `--vs-virtual`), checked."""
    spec = herna.spec(game)
    items = [*(option or ()), *_flag_options(spec, flags)]
    return spec, _players(spec, players), _parse_options(spec, items)


def _flag_name(key: str) -> str:
    return "--" + key.replace("_", "-")


def _flag_usage(key: str, default: Any) -> str:
    """How to set an option: `--open-money` (off by default), `--no-x` (on), `--target 21`."""
    if isinstance(default, bool):
        return _flag_name(("no_" if default else "") + key)
    return f"{_flag_name(key)} {default!r}"


def _flags_text(game: GameSpec) -> str:
    return ", ".join(_flag_usage(k, v) for k, v in game.options.items()) or t("none")


def _flag_options(game: GameSpec, args: Sequence[str]) -> list[str]:
    """A game's options given as flags -> key=value items: `--virtual 3`, `--virtual=3`,
    `--vs-virtual` (a bool option alone means true) and `--no-vs-virtual`."""
    items: list[str] = []
    rest = list(args)
    while rest:
        token = rest.pop(0)
        name, eq, value = token.partition("=")
        key = name[2:].replace("-", "_") if name.startswith("--") else ""
        negated = (key not in game.options and key.startswith("no_")
                   and isinstance(game.options.get(key[3:]), bool))
        if negated:
            key = key[3:]
        if key not in game.options:
            if not name.startswith("-"):
                raise UsageError(t("arg.extra", text=token))
            raise UsageError(t("flag.unknown", game=game.name, flag=name,
                               offered=_flags_text(game)))
        if isinstance(game.options[key], bool):
            if negated and eq:
                raise UsageError(t("flag.value", flag=name))
            value = "false" if negated else (value if eq else "true")
        elif not eq:
            if not rest:
                raise UsageError(t("flag.value", flag=name))
            value = rest.pop(0)
        items.append(f"{key}={value}")
    return items


def _players(game: GameSpec, players: int | None) -> int:
    n = game.min_players if players is None else players
    if n not in game.player_counts:
        raise UsageError(CATALOG.plural("players.bad", max(game.player_counts), game=game.name,
                                        counts=_counts_text(game), got=n))
    return n


def _check_seat(seat: int | None, players: int) -> None:
    if seat is not None and not 0 <= seat < players:
        raise UsageError(t("seat.bad", last=players - 1, seat=seat))


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _option_value(key: str, raw: str, default: Any) -> Any:
    """Read an option's text as the type of its default (bool before int: bool is an int)."""
    low = raw.lower()
    if isinstance(default, bool):
        if low in _TRUE or low in _FALSE:
            return low in _TRUE
        raise UsageError(t("opt.value", key=key, value=raw, kind=t("kind.bool")))
    for kind, convert in ((int, int), (float, float)):
        if isinstance(default, kind):
            try:
                return convert(raw)
            except ValueError:
                raise UsageError(t("opt.value", key=key, value=raw,
                                   kind=t(f"kind.{kind.__name__}"))) from None
    return raw


def _parse_options(game: GameSpec, items: Sequence[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items or ():
        key, eq, raw = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageError(t("opt.syntax", text=item))
        if key not in game.options:
            offered = ", ".join(sorted(game.options)) or t("none")
            raise UsageError(t("opt.unknown", game=game.name, key=key, offered=offered))
        options[key] = _option_value(key, raw.strip(), game.options[key])
    return options


def _bot_specs(text: str | None, game_id: str, seats: int, what: str) -> list[str]:
    """One spec per seat from `--bots`: none (the default bot), one for all, or one each."""
    specs = split_bot_list(text) if text else []
    if not specs:
        specs = [default_bot(game_id)]
    if len(specs) == 1:
        specs = specs * seats
    if len(specs) != seats:
        raise UsageError(t("bots.count", n=seats, what=t(what), got=len(specs)))
    return [bot_label(s) for s in specs]


def _record_problem(data: dict[str, Any]) -> str | None:
    """Why a loaded JSON object cannot be a record (the core trusts its input's shape)."""
    def is_int(v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    checks = (("game", isinstance(data.get("game"), str)),
              ("players", is_int(data.get("players"))),
              ("seed", data.get("seed") is None or is_int(data.get("seed"))
               or isinstance(data.get("seed"), str)),
              ("options", isinstance(data.get("options", {}), dict)),
              ("actions", isinstance(data.get("actions"), list)))
    for field, ok in checks:
        if not ok:
            return t("record.field", field=field)
    for i, move in enumerate(data["actions"], 1):
        if not (isinstance(move, list) and len(move) == 2 and is_int(move[0])
                and isinstance(move[1], str)):
            return t("record.move", n=i)
    return None


def _load_record(path: Path) -> dict[str, Any]:
    """A record checked enough that replaying it can only fail with a HernaError."""
    data = herna.load_record(path)
    why = _record_problem(data)
    if why is None:
        # games trust their option types (make() checks only the names)
        defaults = herna.spec(data["game"]).options
        if not all(fits_option(v, defaults[k]) for k, v in data.get("options", {}).items()
                   if k in defaults):
            why = t("record.field", field="options")
    if why:
        raise BadRecord(t("record.bad", path=path, why=why))
    return data


# ----- drawing -------------------------------------------------------------------------------
def _terminal_view(ui: UI, game_id: str, view: dict[str, Any],
                   whole: bool = False) -> RenderableType:
    """The game's own terminal picture: its compact screen (what a seat needs to act, on
    80×24), or with `whole` the whole table; the raw view if it has none or it fails (a
    broken picture must not stop a game in progress)."""
    try:
        module = game_module(game_id, "terminal")
        render = getattr(module, "render", None)
        if not whole:
            render = getattr(module, "compact", render)
        if callable(render):
            picture: RenderableType = render(view)
            return picture
    except Exception as e:
        ui.warn(t("render.failed", error=e))
    return Pretty(view)


def _help_text(game: GameSpec) -> str:
    notation = game_module(game.id, "notation")
    in_lang = getattr(notation, "help_text", None)  # the help in the current language
    help_text = in_lang() if callable(in_lang) else getattr(notation, "HELP", None)
    return help_text if isinstance(help_text, str) else t("help.missing", game=game.name)


def _category_label(game_id: str, category: str) -> str:
    """A score category in the current language, when the game's i18n module names it."""
    words = game_module(game_id, "i18n")
    name = getattr(words, "category_name", None)
    return name(category) if callable(name) else category.replace("_", " ")


def _outcome_table(outcome: Outcome, names: Sequence[str], game_id: str) -> Table:
    """The score pad as people draw it: categories down the side, one column per seat (this
    stays narrow however many categories a game has); winners in green."""
    categories = list(dict.fromkeys(k for b in outcome.breakdown for k in b))
    table = Table(title=t("outcome.title"))
    table.add_column("")
    seats = range(len(outcome.scores))
    for seat in seats:
        header = f"{t('col.seat')} {seat}" + (f"\n{names[seat]}" if names[seat] else "")
        won = seat in outcome.winners
        table.add_column(header, justify="right", header_style="bold green" if won else "bold",
                         style="green" if won else "")
    for c in categories:
        table.add_row(_category_label(game_id, c),
                      *(_num(outcome.breakdown[s].get(c, 0)) if s < len(outcome.breakdown)
                        else "" for s in seats))
    table.add_section()
    table.add_row(t("col.score"), *(_num(x) for x in outcome.scores), style="bold")
    table.add_row(t("col.rank"), *(str(r) for r in outcome.ranks))
    return table


# ----- commands -------------------------------------------------------------------------------
@app.command("games")
def games_command(lang: LangOpt = None) -> None:
    """List the games with their player counts and options."""
    ui = _start(lang)
    with _guard(ui):
        ids = herna.game_ids()
        if not ids:
            ui.line(t("games.none"))
            return
        table = Table(title=t("games.title"))
        for key in ("col.id", "col.name", "col.players", "col.options", "col.kind"):
            table.add_column(t(key))
        for game_id in ids:
            game = herna.spec(game_id)
            options = "\n".join(
                _flag_usage(k, v) + (f"  {game.option_help[k]}" if k in game.option_help else "")
                for k, v in game.options.items()) or t("none")
            kind = [t("kind.hidden" if game.hidden_information else "kind.open")]
            if game.simultaneous:
                kind.append(t("kind.simultaneous"))
            table.add_row(game.id, game.name, _counts_text(game), options, ", ".join(kind))
        ui.out.print(table)


# the game's own options arrive as extra arguments (`--vs-virtual`, `--virtual 3`)
GAME_FLAGS = {"allow_extra_args": True, "ignore_unknown_options": True}


@app.command(context_settings=GAME_FLAGS)
def play(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(
        help="Game id (see `herna games`); not needed with --load.", show_default=False)]
        = None,
    players: PlayersOpt = None,
    seat: Annotated[int, typer.Option(
        help="Your seat, 0 to players-1. Who starts follows the game's rules; the screen "
             "says whose turn it is.")] = 0,
    bots: Annotated[str | None, typer.Option(
        help="Bots, comma-separated: one for every bot seat, or one each "
             "(e.g. greedy,random). Default: greedy if the game has one, else random.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: a new one).")] = None,
    option: OptionOpt = None,
    save: Annotated[Path | None, typer.Option(help="Save the game record to this file.")] = None,
    load: Annotated[Path | None, typer.Option(
        help="Continue the game in this record (from --save): its game, players, seed and "
             "options come from the file, which is saved again when you leave (unless --save "
             "names another).")] = None,
    watch: Annotated[bool, typer.Option(help="No human: bots take every seat.")] = False,
    delay: Annotated[float | None, typer.Option(
        help="With --watch: seconds between moves (default: 1 on a terminal, else 0).")]
        = None,
    step: Annotated[bool, typer.Option(
        help="With --watch: wait for Enter after each move.")] = False,
    lang: LangOpt = None,
) -> None:
    """Play a game in the terminal against bots (or --watch bots play).

    The game's options are flags too, e.g. `herna play alhambra-rw --players 1 --virtual 3`
    (see `herna games`). The screen shows what you need to act; type `view all` for the
    whole table."""
    ui = _start(lang)
    with _guard(ui):
        if load is not None:
            state, spec = _loaded_game(load, game, ctx)
            n, deal = state.num_players, state.seed  # a record's seed may be text
            save = load if save is None else save
        else:
            if game is None:
                raise UsageError(t("play.no_game"))
            spec, n, options = _table(game, players, option, ctx.args)
            deal = secrets.randbelow(2**31) if seed is None else seed
            state = herna.make(spec.id, players=n, seed=deal, **options)
        human = None if watch else seat
        _check_seat(human, n)
        if delay is not None and delay < 0:
            raise UsageError(t("delay.bad", delay=delay))
        bot_seats = [s for s in range(n) if s != human]
        specs = _bot_specs(bots, spec.id, len(bot_seats),
                           "bots.per_seat" if watch else "bots.per_bot_seat")
        # bots seeded as in the arena: `play --watch --seed S` is the arena's game with seed S
        table = {s: (label, make_bot(label, spec.id, derive_seed(deal, "bot", s)))
                 for s, label in zip(bot_seats, specs, strict=True)}
        counted = CATALOG.plural("n_players", n)
        if human is None:
            ui.line(t("watch.header", name=spec.name, players=counted, seed=deal), "bold")
        else:
            ui.line(t("play.header", name=spec.name, players=counted, seed=deal, seat=human),
                    "bold")
            ui.line(t("play.hint"), "dim")
        if load is not None:
            ui.line(t("play.loaded", path=load,
                      after=CATALOG.plural("after_moves", len(state.history))), "dim")
        if not state.history:  # a new game: how its setup left the table
            for line in _intro(spec.id, state.view(human)):
                ui.line(line, "italic")
        pace = _Pace(ui, 0.0 if human is not None else
                     (delay if delay is not None else (1.0 if ui.out.is_terminal else 0.0)),
                     step and human is None)
        finished = _play_loop(ui, spec, state, human, table, pace)
        if finished:
            _print_ending(ui, spec.id, state, human,
                          [t("you") if s == human else table[s][0] for s in range(n)])
        else:
            ui.line(t("quit.left", after=CATALOG.plural("after_moves", len(state.history))))
        if save is not None:
            herna.save_record(state, save)
            ui.line(t("saved", path=save))


def _loaded_game(path: Path, game: str | None, ctx: typer.Context) -> tuple[State, GameSpec]:
    """The saved game in `path`, replayed to where it was left. The record decides the game,
    its players, seed and options: the flags that would set them are refused, not ignored."""
    given = [f for f, v in (("--players", ctx.params.get("players")),
                            ("--seed", ctx.params.get("seed")),
                            ("--option", ctx.params.get("option"))) if v]
    given += [a for a in ctx.args if a.startswith("--")]
    if given:
        raise UsageError(t("load.flags", flags=", ".join(given)))
    data = _load_record(path)
    spec = herna.spec(data["game"])
    if game is not None and herna.spec(game).id != spec.id:
        raise UsageError(t("record.game", record=spec.id, game=herna.spec(game).id))
    state = herna.replay(data)
    if state.is_over():
        raise UsageError(t("load.over", path=path))
    return state, spec


class _Pace:
    """How a watched game goes by: a pause after each move, or Enter to go on."""

    def __init__(self, ui: UI, delay: float, step: bool) -> None:
        self.ui, self.delay, self.step = ui, delay, step

    def wait(self) -> None:
        if self.step:
            if _ask(t("watch.step")) is None:  # input ended: play on without stopping
                self.step = False
        elif self.delay > 0:
            time.sleep(self.delay)


def _intro(game_id: str, view: dict[str, Any]) -> list[str]:
    """What the game says before the first move (e.g. the Roll & Write buildings crossed
    out at setup), when its terminal module has something to say."""
    intro = getattr(game_module(game_id, "terminal"), "intro", None)
    return list(intro(view)) if callable(intro) else []


def _announce(ui: UI, game_id: str, before: dict[str, Any], after: dict[str, Any],
              first: Callable[[], None] = lambda: None) -> None:
    """What just happened that a player should not have to dig for (an Alhambra scoring
    round, an Ubongo round's recap), when the game's terminal module reports it; `first`
    runs before anything is printed (the pending move line goes out first)."""
    news = getattr(game_module(game_id, "terminal"), "announce", None)
    if not callable(news):
        return
    try:
        parts = list(news(before, after))
    except Exception as e:  # a broken announcement must not stop a game in progress
        ui.warn(t("render.failed", error=e))
        return
    if parts:
        first()
    for part in parts:
        ui.out.print(part)


class _BotMoves:
    """A bot's consecutive moves on one line (`seat 2 (greedy): buy 1 b6 · place 25 1,0`),
    so the bots' turns between two of mine take a few lines, not a screenful."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.seat: int | None = None
        self.who = ""
        self.actions: list[str] = []

    def add(self, seat: int, who: str, action: object) -> None:
        if seat != self.seat:
            self.flush()
            self.seat, self.who = seat, who
        self.actions.append(str(action))

    def flush(self) -> None:
        if self.actions:
            self.ui.line(t("move", seat=self.seat, who=self.who,
                           action=" · ".join(self.actions)))
        self.seat, self.actions = None, []


def _print_ending(ui: UI, game_id: str, state: State, human: int | None,
                  names: Sequence[str]) -> None:
    """The final position, then the final score once: the game's compact screen (which
    holds no score table) and its closing words (how it was decided, a solo verdict), then
    the score pad."""
    ui.out.print(Rule(t("game_over")))
    view = state.view(human)
    ui.out.print(_terminal_view(ui, game_id, view))
    outcome = state.outcome()
    assert outcome is not None
    ui.out.print(_outcome_table(outcome, names, game_id))
    ending = getattr(game_module(game_id, "terminal"), "ending", None)
    if callable(ending):
        for line in ending(view):
            ui.out.print(line)


def _play_loop(ui: UI, spec: GameSpec, state: State, human: int | None,
               bots: dict[int, tuple[str, Bot]], pace: _Pace) -> bool:
    """Run the game until it ends (True) or the human leaves (False). Bots at a node go
    first; the human is asked when only the human is left to act there."""
    drawn_at = -1
    shown = time.monotonic()
    seen = copy.deepcopy(state.view(human))  # a view may share lists with the state
    moves = _BotMoves(ui)
    while not state.is_over():
        acting = state.to_act()
        bot_seat = next((s for s in acting if s in bots), None)
        if bot_seat is not None:
            label, bot = bots[bot_seat]
            action = bot.act(state, bot_seat)
            try:
                applied = state.apply(bot_seat, action)
            except IllegalAction as e:
                raise HernaError(f"bot {label} (seat {bot_seat}) chose {action}: {e}") from None
            if human is not None and human in acting:  # a sealed choice until the human's
                moves.flush()
                ui.line(t("move.sealed", seat=bot_seat, who=label))
            else:
                moves.add(bot_seat, label, applied)
                if human is None:  # watching: every move on its own line, paced
                    moves.flush()
            now = copy.deepcopy(state.view(human))
            _announce(ui, spec.id, seen, now, moves.flush)
            seen = now
            if human is None and not state.is_over():
                pace.wait()
            continue
        moves.flush()
        assert human is not None and human in acting, "a seat to act has neither bot nor human"
        if drawn_at != len(state.history):
            drawn_at = len(state.history)
            ui.out.print(Rule(t("to_act", move=drawn_at + 1, seat=human)))
            ui.out.print(_terminal_view(ui, spec.id, state.view(human)))
            shown = time.monotonic()
        if not _human_turn(ui, spec, state, human, shown):
            return False
        now = copy.deepcopy(state.view(human))
        _announce(ui, spec.id, seen, now)
        seen = now
    moves.flush()
    return True


def _ask(prompt: str) -> str | None:
    """One line from the person, or None when input ends (EOF, Ctrl-C)."""
    try:
        answer: str = typer.prompt(prompt, default="", show_default=False, prompt_suffix="")
    except typer.Abort:
        return None
    return answer


def _listed(game_id: str, legal: list[Action]) -> tuple[list[Action], str | None]:
    """The actions `legal` shows and numbers for a person, and a note on what it leaves out:
    a game may keep some to itself (an Ubongo solution is the puzzle's answer)."""
    listed = getattr(game_module(game_id, "terminal"), "listed", None)
    if not callable(listed):
        return legal, None
    shown: tuple[list[Action], str | None] = listed(legal)
    return shown


def _stamped(game_id: str, text: str, since: float) -> str:
    """The person's action with the time it took, for games that race against a clock (the
    Ubongo hourglass): the game's `terminal.stamp` adds it; the engine never reads a clock."""
    stamp = getattr(game_module(game_id, "terminal"), "stamp", None)
    if not callable(stamp):
        return text
    stamped: str = stamp(text, time.monotonic() - since)
    return stamped


def _human_turn(ui: UI, spec: GameSpec, state: State, seat: int, shown: float) -> bool:
    """Prompt until the person makes a legal move (True) or quits (False)."""
    while True:
        text = _ask(t("prompt", seat=seat))
        if text is None:
            ui.line("")
            ui.line(t("input.ended"))
            return False
        command = text.strip()
        low = command.lower()
        legal, unlisted = _listed(spec.id, state.legal_actions(seat))
        if not command:
            continue
        if low == "legal":
            ui.line(t("legal.title") if legal else t("legal.none"), "bold")
            for i, a in enumerate(legal, 1):
                ui.line(f"{i:>4}  {a}")
            if unlisted:
                ui.line(unlisted, "dim")
        elif low in ("help", "?"):
            ui.out.print(Text(_help_text(spec)))
        elif low in ("view", "view all"):
            ui.out.print(_terminal_view(ui, spec.id, state.view(seat), whole=low != "view"))
        elif low == "quit":
            try:
                sure = typer.confirm(t("quit.confirm"), default=False)
            except typer.Abort:
                sure = True
            if sure:
                return False
        elif command.isdigit() and not 1 <= int(command) <= len(legal):
            ui.problem(t("number.bad", n=command, last=len(legal)))
        else:
            try:
                applied = state.apply(seat, legal[int(command) - 1] if command.isdigit()
                                      else _stamped(spec.id, command, shown))
            except IllegalAction as e:
                ui.problem(str(e))
                continue
            ui.line(t("move", seat=seat, who=t("you"), action=applied), "bold")
            return True


@app.command(context_settings=GAME_FLAGS)
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id (see `herna games`).")],
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-g", help="How many games.")] = 100,
    bots: Annotated[str | None, typer.Option(
        help="Bots, comma-separated: one for all seats or one per seat, "
             "e.g. greedy,random,random or mcts:iterations=500,random.")] = None,
    seed: Annotated[int, typer.Option(help="Tournament seed; game seeds derive from it.")] = 0,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", help="Processes (0: one per CPU). Results do not depend on it.")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write results as JSON.")] = None,
    option: OptionOpt = None,
    rotate: Annotated[bool, typer.Option(
        help="Rotate bots through the seats, every deal played in each rotation.")] = False,
    csv_out: Annotated[Path | None, typer.Option(
        "--csv", help="Write every game as CSV: one row per game and seat (seed, bot, "
                      "position after the start player, score, rank, win share, length).")
    ] = None,
    summary_csv: Annotated[Path | None, typer.Option(
        "--summary-csv", help="Write the tables as CSV: one row per bot, seat and position.")
    ] = None,
    plot: Annotated[Path | None, typer.Option(
        help="Draw win shares and score distributions to this PNG (needs the plot extra).")
    ] = None,
    records: Annotated[Path | None, typer.Option(
        help="Write every game's record to this folder, one JSON file per game (GAME-N.json), "
             "for herna replay.")] = None,
    ray: RayOpt = None,
    lang: LangOpt = None,
) -> None:
    """Play many games between bots and report win shares and scores with 95% intervals.

    The game's options are flags too, e.g. `herna simulate envyra --players 3 --simple`."""
    ui = _start(lang)
    with _guard(ui):
        spec, n, options = _table(game, players, option, ctx.args)
        specs = _bot_specs(bots, game, n, "bots.per_seat")
        if games < 1:
            raise UsageError(t("games.count", n=games))
        _need_extras(plot=plot is not None, ray=ray is not None)
        _check_outputs(json_out, csv_out, summary_csv, plot)
        if records is not None and not records.is_dir():
            if not records.resolve().parent.is_dir():
                raise UsageError(t("out.folder", path=records, folder=records.parent))
            records.mkdir()
        started = time.perf_counter()
        with _progress(ui, t("sim.progress", game=spec.name), games) as progress:
            result = run_tournament(
                game, n, specs, games, seed=seed, workers=workers, options=options,
                rotate_seats=rotate, progress=progress, ray=ray,
                keep_records=records is not None)
        seconds = time.perf_counter() - started
        _print_tournament(ui, spec, result)
        ui.line(_speed(games, seconds),
                "dim")
        if json_out is not None:
            json_out.write_text(result.to_json() + "\n", encoding="utf-8")
            ui.line(t("wrote", path=json_out))
        if csv_out is not None:
            result.write_csv(csv_out)
            ui.line(t("wrote", path=csv_out))
        if summary_csv is not None:
            result.write_summary_csv(summary_csv)
            ui.line(t("wrote", path=summary_csv))
        if records is not None:
            for g in result.results:
                assert g.record is not None  # kept: keep_records
                herna.save_record(g.record, records / f"{game}-{g.index + 1}.json")
            ui.line(CATALOG.plural("wrote_records", games, path=records))
        if plot is not None:
            from herna.ai.plot import plot_tournament

            words = ("win_share", "score", "by_bot", "by_position", "scores", "fair", "position")
            plot_tournament(result, plot, title=_title(spec, result),
                            labels={w: t(f"plot.{w}") for w in words})
            ui.line(t("wrote", path=plot))


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def _need_extras(plot: bool = False, ray: bool = False) -> None:
    """Refuse before playing, not after an hour of games, when an optional extra is missing."""
    if plot and not _importable("matplotlib"):
        raise UsageError(t("extra.missing", flag="--plot", package="matplotlib", extra="plot"))
    if ray and not _importable("ray"):
        raise UsageError(t("extra.missing", flag="--ray", package="Ray", extra="ray"))


def _check_outputs(*paths: Path | None) -> None:
    """A typo in an output folder should cost a second, not the hour of games before it."""
    for path in paths:
        if path is not None and not path.resolve().parent.is_dir():
            raise UsageError(t("out.folder", path=path, folder=path.parent))


@contextmanager
def _progress(ui: UI, description: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr (gone when done); yields the arena's progress callback."""
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=ui.err,
                  transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done, _: bar.update(task, completed=done)


def _share_text(w: WinShare) -> str:
    """Win share with its Wilson interval (asymmetric, so both bounds are shown), in the
    language's number format: 33.3% [30.1, 36.7] (en), 33,3 % [30,1; 36,7] (cs, sk: the
    comma is the decimal sign, so a semicolon parts the bounds)."""
    sep = "; " if tenths(0.5) == "0,5" else ", "
    return f"{percent(w.share)} [{tenths(w.ci_low * 100)}{sep}{tenths(w.ci_high * 100)}]"


def _mean_text(s: Summary) -> str:
    """Mean with the half-width of its t interval (symmetric, so ± says it all)."""
    return tenths(s.mean) if s.ci_low != s.ci_low else \
        f"{tenths(s.mean)} ± {tenths(s.mean - s.ci_low)}"


def _tenths(x: float) -> Decimal:
    """`x` to one decimal, written the language's way by the catalog (12,3 in Czech)."""
    return Decimal(f"{x:.1f}")


def _speed(games: int, seconds: float) -> str:
    return CATALOG.plural("sim.speed", games, seconds=_tenths(seconds),
                          rate=_tenths(games / max(seconds, 1e-9)))


def _length(key: str, s: Summary) -> str:
    """A mean length with its range, counted by the mean: "120.3 decisions on average"."""
    return CATALOG.plural(key, _tenths(s.mean), low=_num(s.min), high=_num(s.max))


def _stats_table(title: str, heads: Sequence[str],
                 rows: Sequence[tuple[Sequence[str], GroupStats]]) -> Table:
    """Win share and score per group; `heads` are the message keys of the leading columns
    (seat and bot, bot, or position) and each row starts with their cells."""
    table = Table(title=title)
    for key in (*heads, "col.games", "col.wins", "col.share", "col.mean", "col.stdev"):
        table.add_column(t(key), justify="left" if key == "col.bot" else "right")
    for cells, g in rows:
        table.add_row(*cells, str(g.wins.games), _num(round(g.wins.wins, 2)),
                      _share_text(g.wins), _mean_text(g.score), tenths(g.score.stdev))
    return table


def _title(spec: GameSpec, result: TournamentResult) -> str:
    return t("sim.title", game=spec.name, games=CATALOG.plural("n_games", result.games),
             players=CATALOG.plural("n_players", result.players),
             seed=result.seed)


def _print_tournament(ui: UI, spec: GameSpec, result: TournamentResult) -> None:
    title = _title(spec, result)
    rows = [((str(s), t("rotating") if result.rotate_seats else result.bot_specs[s]), g)
            for s, g in enumerate(result.per_seat())]
    ui.out.print(_stats_table(title, ("col.seat", "col.bot"), rows))
    distinct = set(result.bot_specs)
    if len(distinct) > 1 and (result.rotate_seats or len(distinct) < result.players):
        ui.out.print(_stats_table(t("sim.by_bot"), ("col.bot",),
                                  [((g.label,), g) for g in result.per_bot()]))
    if any(g.start != 0 for g in result.results):  # else positions are the seats above
        ui.out.print(_stats_table(t("sim.by_position"), ("col.position",),
                                  [((str(p),), g) for p, g in enumerate(result.per_position(), 1)]))
    if result.players > 1:
        edge, low, high = result.start_advantage()
        ui.line(t("sim.start_edge", edge=tenths(edge * 100, signed=True),
                  low=tenths(low * 100, signed=True), high=tenths(high * 100, signed=True),
                  fair=tenths(100 / result.players)))
        if not result.rotate_seats and len(distinct) > 1:
            ui.line(t("sim.rotate_hint"), "dim")
    decisions, turns = result.lengths()
    text = _length("sim.length", decisions)
    if turns is not None:
        text += _length("sim.turns", turns)
    ui.line(text)


@app.command(context_settings=GAME_FLAGS)
def rate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id (see `herna games`).")],
    players: Annotated[int | None, typer.Option(
        "--players", "-n", help="Players per game (default: the game's smallest, at least 2).")
    ] = None,
    bots: Annotated[str | None, typer.Option(
        help="The bots to rate, comma-separated, at least two different ones, "
             "e.g. easy,medium,hard or greedy,greedy:noise=0.5,random.")] = None,
    games: Annotated[int, typer.Option(
        "--games", "-g", help="At least this many games, rounded up to whole rounds "
                              "(every line-up in every seat rotation).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the round-robin; deals derive from it.")
    ] = 0,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", help="Processes (0: one per CPU). Results do not depend on it.")] = 1,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write ratings, head-to-head and every game as JSON.")] = None,
    csv_out: Annotated[Path | None, typer.Option(
        "--csv", help="Write every game as CSV, one row per game and seat (as simulate).")
    ] = None,
    option: OptionOpt = None,
    ray: RayOpt = None,
    lang: LangOpt = None,
) -> None:
    """Rate bots in a fair round-robin: OpenSkill ratings with their uncertainty, best first,
    and how often each bot finished ahead of each other one.

    Every pair of bots meets, every bot plays every seat equally often, and the rotations of
    a line-up share the deal. E.g. `herna rate alhambra --players 3 --bots easy,medium,hard`."""
    ui = _start(lang)
    with _guard(ui):
        spec, players, options = _table(game, players, option, ctx.args)
        if players < 2:  # the default is the smallest count that can be rated
            players = min((c for c in spec.player_counts if c >= 2), default=players)
            if ctx.params.get("players") is not None or players < 2:
                raise UsageError(t("rate.players", game=spec.name, n=players))
        specs = [bot_label(b) for b in split_bot_list(bots or "")]
        if len(set(specs)) < 2:
            raise UsageError(t("rate.bots"))
        if len(set(specs)) != len(specs):
            raise UsageError(t("rate.twice", bot=next(b for b in specs if specs.count(b) > 1)))
        if games < 1:
            raise UsageError(t("games.count", n=games))
        _need_extras(ray=ray is not None)
        _check_outputs(json_out, csv_out)
        from herna.ai.rating import lineups, rate_bots  # OpenSkill: only when rating

        tables = len(lineups(len(specs), players))
        planned = -(-games // (tables * players)) * tables * players
        if planned != games:
            ui.line(t("rate.rounded", asked=games, playing=CATALOG.plural("rate.playing", planned),
                      lineups=CATALOG.plural("n_lineups", tables)), "dim")
        started = time.perf_counter()
        with _progress(ui, t("rate.progress", game=spec.name), planned) as progress:
            result = rate_bots(game, players, specs, games, seed=seed, workers=workers,
                               options=options, progress=progress, ray=ray)
        seconds = time.perf_counter() - started
        _print_rating(ui, spec, result)
        ui.line(_speed(result.games, seconds), "dim")
        if json_out is not None:
            json_out.write_text(result.to_json() + "\n", encoding="utf-8")
            ui.line(t("wrote", path=json_out))
        if csv_out is not None:
            result.write_csv(csv_out)
            ui.line(t("wrote", path=csv_out))


def _print_rating(ui: UI, spec: GameSpec, result: "RatingResult") -> None:
    table = Table(title=t("rate.title", game=spec.name,
                          after=CATALOG.plural("after_games", result.games),
                          players=CATALOG.plural("n_players", result.players), seed=result.seed),
                  caption=t("rate.model"))
    for key in ("col.place", "col.bot", "col.mu", "col.sigma", "col.ordinal", "col.games",
                "col.share", "col.mean"):
        table.add_column(t(key), justify="left" if key == "col.bot" else "right")
    for place, r in enumerate(result.ratings, 1):
        table.add_row(str(place), r.label, tenths(r.mu), tenths(r.sigma), tenths(r.ordinal),
                      str(r.games), _share_text(r.wins), _mean_text(r.score))
    ui.out.print(table)
    order = [r.label for r in result.ratings]
    cells = result.matrix()
    ui.line(t("rate.h2h"), "italic")
    matrix = Table()
    matrix.add_column("")
    for other in order:
        matrix.add_column(other, justify="right")
    for bot in order:
        row = []
        for other in order:
            h = cells.get((bot, other))
            if h is None or not h.meetings:
                row.append("-")
            else:
                lo, hi = h.interval()
                row.append(f"{h.share * 100:.0f}% [{lo * 100:.0f}, {hi * 100:.0f}]")
        matrix.add_row(bot, *row)
    ui.out.print(matrix)


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(
        help="A game record (JSON), e.g. from play --save or simulate --records.")],
    url: Annotated[str | None, typer.Option(
        help="A running Herna server to open it on, e.g. http://localhost:8000 (default: "
             "one started here, on --db, until Ctrl+C).")] = None,
    browser: Annotated[bool, typer.Option(
        help="Open the replay in the browser (--no-browser: only print its link).")] = True,
    text: Annotated[bool, typer.Option(
        help="Print the moves and the final scores here instead of opening the browser.")]
        = False,
    seat: Annotated[int | None, typer.Option(
        help="The seat whose side the replay opens on (with --view: whose view is drawn).")]
        = None,
    view: Annotated[bool, typer.Option(
        help="Print the moves and draw the final position here (as --text).")] = False,
    db: Annotated[str | None, typer.Option(
        help="Without --url: the database of the server started here (default: $HERNA_DB, "
             "else herna.db); the replay stays in it.")] = None,
    port: Annotated[int, typer.Option(
        help="Without --url: the port of the server started here (0: a free one).",
        min=0, max=65535)] = 0,
    lang: LangOpt = None,
) -> None:
    """Open a game record in the browser as a replay to step through and share (or print it
    move by move with --text)."""
    ui = _start(lang)
    with _guard(ui):
        data = _load_record(record)
        state = herna.replay(data)
        _check_seat(seat, state.num_players)
        if not (text or view):
            _replay_in_browser(ui, data, url, browser, seat, db, port)
            return
        ui.line(t("replay.header", game=state.spec.name,
                  players=CATALOG.plural("n_players", state.num_players),
                  seed=state.seed, moves=CATALOG.plural("n_moves", len(state.history))), "bold")
        for i, (who, action) in enumerate(state.history, 1):
            ui.line(t("replay.move", n=i, seat=who, action=action))
        outcome = state.outcome()
        if view:
            ui.out.print(_terminal_view(ui, state.spec.id, state.view(seat)))
        if outcome is None:
            ui.line(t("not_over", moves=CATALOG.plural("n_moves", len(state.history))))
        else:
            ui.out.print(_outcome_table(outcome, [""] * state.num_players, state.spec.id))


def _replay_in_browser(ui: UI, data: dict[str, Any], url: str | None, browser: bool,
                       seat: int | None, db: str | None, port: int) -> None:
    """Upload the record to a Herna server (the one at `url`, else one started here), print
    the replay's link and open it; a server started here serves until Ctrl+C."""
    import webbrowser

    if url is not None:
        base = url.rstrip("/")
        link = _uploaded_link(base, data, seat)
        ui.line(t("replay.link", url=link), "bold")
        if browser:
            webbrowser.open(link)
        return
    import threading

    import uvicorn

    from herna.server.app import DEFAULT_DB, create_app

    where = db or os.environ.get("HERNA_DB") or DEFAULT_DB
    if port == 0:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(where), host="127.0.0.1", port=port,
                                           log_level="warning"))
    failed: list[BaseException] = []

    def announce() -> None:
        """Once the server listens: upload the record, print its link, open the browser."""
        deadline = time.monotonic() + 30
        while not server.started:
            if server.should_exit or time.monotonic() > deadline:
                failed.append(HernaError(t("replay.no_server", port=port)))
                server.should_exit = True
                return
            time.sleep(0.05)
        try:
            link = _uploaded_link(f"http://127.0.0.1:{port}", data, seat)
        except BaseException as e:  # said by the main thread, after the server stopped
            failed.append(e)
            server.should_exit = True
            return
        ui.line(t("replay.link", url=link), "bold")
        ui.line(t("replay.serving", db=_db_label(where)), "dim")
        if browser:
            webbrowser.open(link)

    threading.Thread(target=announce, daemon=True).start()
    # the server in the main thread: Ctrl+C stops it the way `herna serve` stops (uvicorn's
    # own signal handling), and nothing of it still runs when the interpreter exits; uvicorn
    # raises the Ctrl+C again once it has stopped: that is the way out, not an error
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if failed:
        raise failed[0]


def _uploaded_link(base: str, data: dict[str, Any], seat: int | None) -> str:
    """POST the record to `base`/api/replays; the replay's link (on `seat`'s side)."""
    import json
    import urllib.error
    import urllib.request

    body = json.dumps(data).encode()
    request = urllib.request.Request(f"{base}/api/replays", data=body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            made = json.loads(answer.read())
    except urllib.error.HTTPError as e:
        try:
            reason = json.loads(e.read()).get("reason") or str(e)
        except (ValueError, AttributeError):
            reason = str(e)
        raise HernaError(t("replay.refused", url=base, reason=reason)) from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise HernaError(t("replay.unreachable", url=base,
                           reason=getattr(e, "reason", e))) from None
    link = f"{base}{made['url']}"
    return link if seat is None else f"{link}?seat={seat}"


@app.command()
def render(
    game: Annotated[str, typer.Argument(help="Game id; must match the record's game.")],
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    seat: Annotated[int | None, typer.Option(
        help="Draw what this seat may see (default: a spectator's view).")] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="File to write: .svg or .png (default: SVG on standard "
                               "output).")] = None,
    move: Annotated[int | None, typer.Option(
        help="Draw the position after this many moves (default: the end).")] = None,
    lang: LangOpt = None,
) -> None:
    """Draw a recorded position as SVG, or as PNG when the output file ends in .png."""
    ui = _start(lang)
    with _guard(ui):
        spec = herna.spec(game)
        if output is not None:
            check_picture_path(output)
        data = _load_record(record)
        if data["game"] != spec.id:
            raise UsageError(t("record.game", record=data["game"], game=spec.id))
        last = len(data["actions"])
        if move is not None and not 0 <= move <= last:
            raise UsageError(t("move.bad", last=last, n=move))
        svg = getattr(game_module(spec.id, "render"), "svg", None)
        if not callable(svg):
            raise UsageError(t("render.none", game=spec.name, package=spec.id.replace("-", "_")))
        state = herna.replay(data, upto=move)
        _check_seat(seat, state.num_players)
        picture: str = svg(state.view(seat))
        if output is None:
            typer.echo(picture)
        else:
            write_picture(output, picture)
            ui.line(t("wrote", path=output))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network).")]
        = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database: a SQLite file, or postgresql://USER@HOST/DB "
             "(default: $HERNA_DB, else herna.db).")] = None,
    compress: Annotated[bool, typer.Option(
        help="Compress what the WebSockets push (permessage-deflate): ~10x fewer bytes for "
             "players far away, ~1 ms of CPU a push; --no-compress on a fast local network.")]
        = True,
    finished_idle: Annotated[float, typer.Option(
        help="Seconds a finished table nobody watches stays in memory (it comes back from "
             "the database when asked for).", min=1.0)] = 120.0,
    limit_create: Annotated[str, typer.Option(
        help="Tables one client address may create, as N/second|minute|hour (0: no limit).")]
        = "60/minute",
    limit_actions: Annotated[str, typer.Option(
        help="Moves (and play-again calls) one client address may make, N/second|minute|hour "
             "(0: no limit).")] = "1200/minute",
    max_sockets_per_table: Annotated[int, typer.Option(
        help="WebSockets one table may have open (0: no limit).", min=0)] = 1000,
    max_sockets_per_client: Annotated[int, typer.Option(
        help="WebSockets one client address may have open (0: no limit).", min=0)] = 200,
    workers: Annotated[int, typer.Option(
        help="Server processes on this port (more than one needs a PostgreSQL --db; see "
             "docs/OPERATING.md).", min=1)] = 1,
    accounts: Annotated[bool, typer.Option(
        help="A shared server: people sign up and sign in (name and password), and the seats "
             "they take follow them to every device. Off: names are kept in each browser.")]
        = False,
    session_days: Annotated[float, typer.Option(
        help="Days a sign-in lasts (with --accounts) before its session expires.",
        min=0.01)] = 30.0,
    lang: LangOpt = None,
) -> None:
    """Play in the browser: the lobby, the tables and the API (docs/API.md)."""
    from herna.server import use_jemalloc

    use_jemalloc()  # (runs this command again, once, under jemalloc where the system has it)
    ui = _start(lang)
    with _guard(ui):
        try:
            import uvicorn

            from herna.server.app import DEFAULT_DB, create_app
        except ImportError as e:
            raise HernaError(f"the server needs its libraries ({e.name}): pip install herna") \
                from None
        from herna.server import GC_THRESHOLDS

        gc.set_threshold(*GC_THRESHOLDS)  # short, rare pauses (see there)
        where = db or os.environ.get("HERNA_DB") or DEFAULT_DB
        # bots think in a worker process, off the GIL that serves the players
        from herna.server.abuse import Limits

        try:
            limits = Limits(create=None if limit_create == "0" else limit_create,
                            actions=None if limit_actions == "0" else limit_actions,
                            sockets_per_table=max_sockets_per_table,
                            sockets_per_client=max_sockets_per_client)
        except ValueError as e:
            raise HernaError(str(e)) from None
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        if workers > 1:
            _serve_workers(ui, where, shown, host, port, workers, compress, finished_idle,
                           limits, accounts, session_days)
            return
        application = create_app(where, bot_processes=max(1, (os.cpu_count() or 2) - 1),
                                 finished_idle=finished_idle, limits=limits,
                                 accounts=accounts, session_days=session_days)
        ui.line(t("serve.at", url=f"http://{shown}:{port}/", db=_db_label(where)), "bold")
        # uvicorn's access log prints the path only: seat tokens travel in the URL fragment
        # or headers, and a ?token= query string is cut off by _NoQuery below
        from herna.server.wsproto import protocol

        config = uvicorn.Config(application, host=host, port=port, log_level="info",
                                ws=protocol(), ws_ping_interval=20,
                                ws_per_message_deflate=compress)
        server = uvicorn.Server(config)
        # the access log, and uvicorn.error, where each WebSocket's path is logged as accepted
        for name in ("uvicorn.access", "uvicorn.error"):
            logging.getLogger(name).addFilter(_NoQuery())
        server.run()


def _serve_workers(ui: Any, where: str, shown: str, host: str, port: int, workers: int,
                   compress: bool, finished_idle: float, limits: Any,
                   accounts: bool = False, session_days: float = 30.0) -> None:
    """`herna serve --workers N`: uvicorn's supervisor runs N processes on one port, each
    building its app from HERNA_SERVE (herna.server.workers); PostgreSQL only, since the
    processes hear each other through it (LISTEN/NOTIFY) and share its bot leases."""
    import uvicorn

    from herna.server import workers as w
    from herna.server.store import Store, database_url

    if not database_url(where).startswith("postgresql"):
        raise UsageError(t("serve.workers_db", workers=workers))
    Store(where).close()  # the schema brought up to date once, before the processes race to
    os.environ[w.ENV] = w.settings(
        where, finished_idle,
        {"create": limits.create, "actions": limits.actions,
         "sockets_per_table": limits.sockets_per_table,
         "sockets_per_client": limits.sockets_per_client},
        w.bot_processes(workers), accounts, session_days)
    ui.line(t("serve.at", url=f"http://{shown}:{port}/", db=_db_label(where)), "bold")
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(_NoQuery())
    from herna.server import hand_down_jemalloc

    hand_down_jemalloc()
    uvicorn.run(f"{w.__name__}:app_from_env", factory=True, workers=workers, host=host,
                port=port, log_level="info", ws=w.ws_setting(), ws_ping_interval=20,
                ws_per_message_deflate=compress)


def _db_label(db: str) -> str:
    """The database to print: a URL without its password."""
    if "://" in db and "@" in db:
        scheme, rest = db.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':')[0]}@{host}"
    return db


class _NoQuery(logging.Filter):
    """Drop query strings from the paths in uvicorn's log lines (requests, and WebSockets
    `"WebSocket /api/tables/T/ws?token=..." [accepted]`), so no `?token=` reaches a log."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(a.split("?", 1)[0] if isinstance(a, str) and a.startswith("/")
                                else a for a in args)
        return True


@score_app.callback()
def score() -> None:
    """Score pads for games played with the real box, e.g. `herna score alhambra --help`."""


def _mount_game_commands() -> None:
    """What each shipped game adds to the command: its score pad (`herna score <id>`, from
    `scorepad.score_command`) and its own commands (`herna <id> ...`, from `cli.app`, e.g.
    `herna ubongo solve`). A game without them simply has none."""
    for game_id in herna.game_ids():
        pad = getattr(game_module(game_id, "scorepad"), "score_command", None)
        if callable(pad):
            score_app.command(game_id)(pad)
        commands = getattr(game_module(game_id, "cli"), "app", None)
        if isinstance(commands, typer.Typer):
            app.add_typer(commands, name=game_id)


_mount_game_commands()


def main() -> None:
    """Entry point of the `herna` script."""
    app(prog_name="herna")


if __name__ == "__main__":
    main()
