"""A learned leaf value: win chances from a few numbers per seat, fitted to game outcomes.

A search judges the positions where it stops its playouts. A hand-weighted reckoning (points,
plus expected majorities, plus money...) is only as good as its weights; these weights are
instead fitted by maximum likelihood to who actually won from such positions in self-play
(`benchmarks/fit_leaf.py`). The model is a conditional logit: each seat's strength is w·x over
its features x, some of them multiplied by the game's stage (so a coin can be worth more early
than late), and the win chances are the softmax of the strengths over the seats.

A game ships its models as data (`tables/leaf.json`, one per player count) and reads its
position into features with its own `leaf_features(state) -> (rows, stage)`; player counts
without a model keep the game's hand-made evaluation.
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["LeafModel", "load_models", "parse_term", "save_models"]


def parse_term(term: str, features: Sequence[str]) -> tuple[int, int]:
    """"coins" -> (index of coins, 0); "coins*f" -> (index, 1): times the stage; "*f2": its
    square. An unknown feature is an error, not a silent zero."""
    name, star, stage = term.partition("*")
    powers = {"": 0, "f": 1, "f2": 2}
    if name not in features or stage not in powers or (star and not stage):
        raise ValueError(f"leaf model term {term!r}: expected a feature of {list(features)}, "
                         f"optionally followed by *f or *f2")
    return features.index(name), powers[stage]


@dataclass(frozen=True)
class LeafModel:
    """Weights of a conditional logit over per-seat features; `terms` name them."""

    features: tuple[str, ...]
    terms: tuple[str, ...]
    weights: tuple[float, ...]
    plan: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.terms) != len(self.weights):
            raise ValueError(f"leaf model: {len(self.terms)} terms but "
                             f"{len(self.weights)} weights")
        if not all(math.isfinite(w) for w in self.weights):
            raise ValueError("leaf model: weights must be finite numbers")
        # (feature index, stage power) per term, parsed once
        object.__setattr__(self, "plan", tuple(parse_term(t, self.features) for t in self.terms))

    def strengths(self, rows: Sequence[Sequence[float]], stage: float) -> list[float]:
        scale = (1.0, stage, stage * stage)
        return [sum(w * row[i] * scale[p]
                    for w, (i, p) in zip(self.weights, self.plan, strict=True))
                for row in rows]

    def chances(self, rows: Sequence[Sequence[float]], stage: float) -> list[float]:
        """Per seat, its chance to win: the softmax of the seats' strengths."""
        z = self.strengths(rows, stage)
        top = max(z)
        e = [math.exp(v - top) for v in z]
        total = sum(e)
        return [v / total for v in e]


def load_models(package: str, features: Sequence[str]) -> dict[int, LeafModel]:
    """The models a game ships in `<package>/tables/leaf.json`, by player count ({} if none):
    per player count, how it was fitted and its weights, one per term (editable by hand).
    A file that does not fit the game (other features, a bad weight) is not used, with a
    warning: the game keeps its hand-made evaluation and still imports, so the fitter can
    write a new file (the tests require each shipped model to load)."""
    path = resources.files(package) / "tables" / "leaf.json"
    if not path.is_file():
        return {}
    try:
        return models_from(json.loads(path.read_text(encoding="utf-8")), features)
    except (ValueError, KeyError, TypeError) as e:
        warnings.warn(f"{package} tables/leaf.json not used ({e}); the hand-made evaluation "
                      f"judges positions until benchmarks/fit_leaf.py writes it again",
                      stacklevel=2)
        return {}


def models_from(data: dict[str, Any], features: Sequence[str]) -> dict[int, LeafModel]:
    if tuple(data.get("features", ())) != tuple(features):
        raise ValueError(f"leaf models were fitted on features {data.get('features')}, "
                         f"the game computes {list(features)}: fit them again")
    out = {}
    for players, m in data["models"].items():
        weights: dict[str, float] = m["weights"]  # term -> weight, in the fitted order
        out[int(players)] = LeafModel(tuple(features), tuple(weights),
                                      tuple(float(w) for w in weights.values()))
    return out


def save_models(path: Path, features: Sequence[str], models: dict[int, LeafModel],
                about: dict[int, dict[str, Any]]) -> None:
    """Write models (and how each was fitted) as the JSON `load_models` reads."""
    data = {
        "about": "Learned leaf values (herna.ai.leaf), written by benchmarks/fit_leaf.py.",
        "features": list(features),
        "models": {str(n): {**about.get(n, {}),
                            "weights": {t: round(w, 6) for t, w in zip(m.terms, m.weights,
                                                                        strict=True)}}
                   for n, m in sorted(models.items())},
    }
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
