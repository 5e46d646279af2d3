"""A tournament as a picture (PNG): win shares with their intervals, score distributions.

Matplotlib is an optional extra (`pip install 'herna[plot]'`), imported only here and only
when a plot is drawn. The figure is drawn with the Agg canvas directly (no pyplot, no GUI
backend, no global state), so it works on a headless server and in worker threads.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from herna.core import HernaError

from .arena import TournamentResult

__all__ = ["INSTALL_HINT", "PlotUnavailable", "available", "plot_tournament"]

INSTALL_HINT = "pip install 'herna[plot]'"


class PlotUnavailable(HernaError):
    """Matplotlib is not installed."""


def available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _matplotlib() -> tuple[Any, Any]:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable(f"--plot needs matplotlib: {INSTALL_HINT}") from None
    return Figure, FigureCanvasAgg


def plot_tournament(result: TournamentResult, path: str | Path, title: str | None = None,
                    labels: dict[str, str] | None = None) -> None:
    """Write a PNG: win share per bot (95% Wilson interval, the fair share 1/players as a
    line), win share by position after the start player, and each bot's score distribution.
    `labels` translates the few words on the picture (keys: win_share, score, by_bot,
    by_position, scores, fair, position)."""
    figure_cls, canvas_cls = _matplotlib()
    words = {"win_share": "Win share (95% CI)", "score": "Final score",
             "by_bot": "Win share by bot", "by_position": "By position after the start player",
             "scores": "Score distribution", "fair": "fair share", "position": "position"}
    words.update(labels or {})
    fair = 1.0 / result.players
    fig = figure_cls(figsize=(13, 4.6), dpi=100, layout="constrained")
    canvas_cls(fig)
    ax_bot, ax_pos, ax_score = fig.subplots(1, 3, width_ratios=(1.2, 1.0, 1.4))

    bots = result.per_bot()
    names = [b.label for b in bots]
    shares = [b.wins.share for b in bots]
    errors = [[b.wins.share - b.wins.ci_low for b in bots],
              [b.wins.ci_high - b.wins.share for b in bots]]
    ys = list(range(len(bots)))
    ax_bot.barh(ys, shares, xerr=errors, color="#4c72b0", capsize=4)
    ax_bot.set_yticks(ys, names)
    ax_bot.invert_yaxis()
    ax_bot.axvline(fair, color="#c44e52", linestyle="--", label=words["fair"])
    ax_bot.set_xlim(0, 1)
    ax_bot.set_xlabel(words["win_share"])
    ax_bot.set_title(words["by_bot"])
    ax_bot.legend(loc="best", fontsize="small")

    positions = result.per_position()
    xs = list(range(1, len(positions) + 1))
    ax_pos.bar(xs, [p.wins.share for p in positions],
               yerr=[[p.wins.share - p.wins.ci_low for p in positions],
                     [p.wins.ci_high - p.wins.share for p in positions]],
               color="#55a868", capsize=4)
    ax_pos.axhline(fair, color="#c44e52", linestyle="--")
    ax_pos.set_xticks(xs, [str(x) for x in xs])
    ax_pos.set_ylim(0, 1)
    ax_pos.set_xlabel(words["position"])
    ax_pos.set_ylabel(words["win_share"])
    ax_pos.set_title(words["by_position"])

    scores = result.scores_by_bot()
    # matplotlib 3.10 renamed vert=False to orientation="horizontal"; 3.8 knows only vert
    sideways = ({"orientation": "horizontal"}
                if "orientation" in inspect.signature(ax_score.boxplot).parameters
                else {"vert": False})
    ax_score.boxplot([scores[n] for n in names], positions=ys, showmeans=True, **sideways)
    ax_score.set_yticks(ys, names)
    ax_score.invert_yaxis()
    ax_score.set_xlabel(words["score"])
    ax_score.set_title(words["scores"])

    if title:
        fig.suptitle(title)
    fig.savefig(str(path), format="png")
