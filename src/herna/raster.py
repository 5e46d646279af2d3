"""SVG drawings to PNG pixels, through resvg (a Rust wheel with no system libraries, so
`pip install` keeps working everywhere): `herna render -o x.png` and PettingZoo's
`rgb_array` use it."""

from __future__ import annotations

import resvg_py


def svg_to_png(svg: str, zoom: float = 1.0, background: str = "#ffffff") -> bytes:
    """The drawing as PNG bytes, on an opaque background (a game's SVG leaves it
    transparent, which most image viewers show as black or a checkerboard)."""
    if zoom <= 0:
        raise ValueError(f"zoom must be positive, not {zoom}")
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, background=background))
