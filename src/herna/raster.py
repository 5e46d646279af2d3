"""SVG drawings to PNG pixels, through resvg (a Rust wheel with no system libraries, so
`pip install` keeps working everywhere): `herna render -o x.png` and PettingZoo's
`rgb_array` use it."""

from __future__ import annotations

from pathlib import Path

import resvg_py

from herna.core import HernaError
from herna.i18n import t


def svg_to_png(svg: str, zoom: float = 1.0, background: str = "#ffffff") -> bytes:
    """The drawing as PNG bytes, on an opaque background (a game's SVG leaves it
    transparent, which most image viewers show as black or a checkerboard)."""
    if zoom <= 0:
        raise ValueError(f"zoom must be positive, not {zoom}")
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, background=background))


PICTURE_FORMATS = (".svg", ".png")


def write_picture(path: Path, svg: str) -> None:
    """Write `svg` as the file's extension asks: SVG text for .svg, PNG pixels for .png.
    Any other extension is refused before anything is written, so `-o x.jpg` never leaves a
    file whose content its name belies."""
    if check_picture_path(path) == ".png":
        path.write_bytes(svg_to_png(svg))
    else:
        path.write_text(svg, encoding="utf-8")


def check_picture_path(path: Path) -> str:
    """The format `path` asks for (.svg or .png), checked before any work is done."""
    suffix = path.suffix.lower()
    if suffix not in PICTURE_FORMATS:
        raise UnknownPictureFormat(t("picture.format", path=path,
                                     formats=", ".join(PICTURE_FORMATS)))
    return suffix


class UnknownPictureFormat(HernaError):
    """An output file whose extension names no format we draw."""
