"""The die's six symbols as pictures: where the table shows the roll it draws the die's face,
as a person at the table sees it, with the symbol's word as the picture's accessible name
(`aria-label` and `<title>`, so a screen reader and a tooltip still say "elephant").

Each picture is drawn in a 24-unit box in one ink with holes cut in the face's colour (no
emoji: SVG viewers lack emoji fonts more often than not), simple enough to tell apart at the
size of a word: a mask, an elephant, a gazelle, a spear and shield, a drum, a baobab.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

FACE = "#fffdf6"  # the die's face, and the holes cut in a picture
INK = "#2b2118"
EDGE = "#8a6a45"

# the pictures in a 24x24 box: {F} is the face's colour (eyes, stripes, cords)
PICTURES: dict[str, str] = {
    "mask": (
        '<path d="M12 1.5C17.5 1.5 19.5 5.5 19.5 10.5C19.5 16 16.5 21 12 22.5C7.5 21 4.5 16 '
        '4.5 10.5C4.5 5.5 6.5 1.5 12 1.5Z" fill="{I}"/>'
        '<ellipse cx="8.8" cy="9.5" rx="2" ry="1.2" fill="{F}"/>'
        '<ellipse cx="15.2" cy="9.5" rx="2" ry="1.2" fill="{F}"/>'
        '<path d="M12 11v4" stroke="{F}" stroke-width="1.2"/>'
        '<rect x="9.5" y="17" width="5" height="1.8" rx="0.9" fill="{F}"/>'
        '<path d="M7 5.5h10" stroke="{F}" stroke-width="1"/>'),
    "elephant": (
        '<ellipse cx="14.5" cy="12" rx="7.5" ry="5.5" fill="{I}"/>'
        '<circle cx="6.5" cy="9.5" r="4.2" fill="{I}"/>'
        '<path d="M3 10.5C1.8 14 2.2 17.5 4.2 20" stroke="{I}" stroke-width="2.4" fill="none" '
        'stroke-linecap="round"/>'
        '<ellipse cx="9" cy="9.8" rx="2.4" ry="3.4" fill="{F}"/>'
        '<ellipse cx="9.3" cy="9.8" rx="1.5" ry="2.5" fill="{I}"/>'
        '<circle cx="5.2" cy="8.6" r="0.8" fill="{F}"/>'
        '<rect x="9" y="15" width="2.6" height="6.5" rx="1" fill="{I}"/>'
        '<rect x="12.6" y="15" width="2.6" height="6.5" rx="1" fill="{I}"/>'
        '<rect x="16.4" y="15" width="2.6" height="6.5" rx="1" fill="{I}"/>'
        '<rect x="19.2" y="14" width="2.4" height="7.5" rx="1" fill="{I}"/>'
        '<path d="M21.8 11.5l1.4 3" stroke="{I}" stroke-width="1"/>'),
    "gazelle": (
        '<ellipse cx="14" cy="12.5" rx="6.5" ry="3.2" fill="{I}"/>'
        '<path d="M9 12L6.2 6.5L8.2 5.8L11 11Z" fill="{I}"/>'
        '<ellipse cx="5.6" cy="6.6" rx="2.4" ry="1.5" fill="{I}"/>'
        '<path d="M6.4 5.4C6 3 6.8 1.6 8.4 1M7.4 5.6C7.6 3.4 8.6 2.4 10 2" stroke="{I}" '
        'stroke-width="1.1" fill="none" stroke-linecap="round"/>'
        '<path d="M9.8 14.5l-0.8 7.5M12 15l0.3 7M16.5 15l-0.5 7M19 14l1.2 7.5" stroke="{I}" '
        'stroke-width="1.3" stroke-linecap="round"/>'
        '<path d="M20.4 11.2l1.8-1.6" stroke="{I}" stroke-width="1.1" stroke-linecap="round"/>'
        '<path d="M10.5 13.2h7" stroke="{F}" stroke-width="0.8"/>'),
    "shield": (
        '<path d="M12 0.8l2 4h-4z" fill="{I}"/>'
        '<path d="M12 4v19.2" stroke="{I}" stroke-width="1.6"/>'
        '<ellipse cx="12" cy="12.5" rx="6.5" ry="9" fill="{I}"/>'
        '<ellipse cx="12" cy="12.5" rx="1.6" ry="6.5" fill="{F}"/>'
        '<path d="M7.4 8.5l2.4 1.2M7.4 16.5l2.4-1.2M16.6 8.5l-2.4 1.2M16.6 16.5l-2.4-1.2" '
        'stroke="{F}" stroke-width="1"/>'),
    "drum": (
        '<path d="M5 5.5h14L15.6 14.5L17 22H7L8.4 14.5Z" fill="{I}"/>'
        '<ellipse cx="12" cy="5.5" rx="7" ry="2.3" fill="{F}" stroke="{I}" stroke-width="1.2"/>'
        '<path d="M6.2 8L9 14M9.5 8L12 14M12.5 8L15 14M15.8 8L17.8 9.8M8.6 14.5h6.8" '
        'stroke="{F}" stroke-width="0.8" fill="none"/>'),
    "baobab": (
        '<path d="M8.5 22.5C9.5 18 9.8 14 10 11.5H14C14.2 14 14.5 18 15.5 22.5Z" fill="{I}"/>'
        '<path d="M11 12L6.5 7.5M12 11.5V6.5M13 12L17.5 7.5" stroke="{I}" stroke-width="1.6" '
        'stroke-linecap="round"/>'
        '<ellipse cx="6" cy="6.5" rx="4.2" ry="2" fill="{I}"/>'
        '<ellipse cx="18" cy="6.5" rx="4.2" ry="2" fill="{I}"/>'
        '<ellipse cx="12" cy="4.5" rx="4.5" ry="2.4" fill="{I}"/>'
        '<path d="M1.5 22.8h21" stroke="{I}" stroke-width="1"/>'),
}


def picture(symbol: str, ink: str = INK, face: str = FACE) -> str:
    """The symbol's picture in its 24-unit box (nothing for a symbol the die does not have)."""
    return PICTURES.get(symbol, "").replace("{I}", ink).replace("{F}", face)


def die_face(symbol: str, x: float, y: float, size: float, label: str) -> str:
    """The rolled symbol as the die shows it: a face `size` units square at (x, y) with the
    symbol's picture, named `label` (the symbol's word) for screen readers and tooltips."""
    scale = (size - 8) / 24
    return (f'<g class="ubongo-die" data-symbol={quoteattr(symbol)} role="img" '
            f'aria-label={quoteattr(label)}><title>{escape(label)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size / 6:g}" '
            f'fill="{FACE}" stroke="{EDGE}" stroke-width="1.5"/>'
            f'<g transform="translate({x + 4:g} {y + 4:g}) scale({scale:g})">'
            f'{picture(symbol)}</g></g>')
