import struct

import pytest

from herna.core.registry import make
from herna.games.alhambra import render
from herna.raster import svg_to_png


def _size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def test_a_game_drawing_becomes_a_png_of_its_size() -> None:
    state = make("alhambra", 3, seed=7)
    svg = render.svg(state.view(0))
    w, h = _size(svg_to_png(svg))
    w2, h2 = _size(svg_to_png(svg, zoom=2))
    assert w > 100 and h > 100
    assert abs(w2 - 2 * w) <= 1 and abs(h2 - 2 * h) <= 1


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError):
        svg_to_png("not an svg")
    with pytest.raises(ValueError, match="zoom"):
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'/>", zoom=0)
