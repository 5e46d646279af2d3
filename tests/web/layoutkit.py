"""What a screen must meet at a phone's 390x844 and a desktop's 1366x768 (issue 20): the page
never scrolls sideways, no text renders under 12 px (drawn SVG text included, measured from
what is on screen: its font size times the drawing's scale), and every control and lit part
is a finger's size on a phone (44x44 CSS px) and WCAG 2.2's 24x24 on a desktop.

`check_layout(page)` returns the problems found, each as words naming the element, so a test
asserts `== []` and its failure says what to fix. `shot(page, name)` keeps a screenshot under
test-artifacts/ to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SMALLEST_TEXT = 12.0

_MEASURE = """([least, smallest]) => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth}`);
  }
  // a phone's browser widens its layout to fit a page too wide, instead of scrolling it
  if (window.innerWidth > screen.width + 1) {
    problems.push(`the page is wider than the screen: ${window.innerWidth} px in ${screen.width}`);
  }
  const name = (e) => {
    const id = e.id ? `#${e.id}` : "";
    const part = e.dataset && e.dataset.part ? `[data-part=${e.dataset.part}]` : "";
    const words = (e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30);
    return `<${e.tagName.toLowerCase()}${id}${part}> "${words}"`;
  };
  const shown = (e) => {
    if (!e.getClientRects().length) return false;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const style = getComputedStyle(e);
    return style.visibility !== "hidden" && style.display !== "none" && style.opacity !== "0";
  };
  // drawn text: the font size in the drawing's units times its scale on screen
  for (const text of document.querySelectorAll("svg text")) {
    if (!shown(text) || !(text.textContent || "").trim()) continue;
    const ctm = text.getScreenCTM();
    if (!ctm) continue;
    const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b)
      / (window.visualViewport ? 1 : 1);
    if (size < smallest - 0.05) problems.push(`text ${size.toFixed(1)} px: ${name(text)}`);
  }
  // the page's own words
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!e || seen.has(e) || !node.textContent.trim() || e.closest("svg")) continue;
    seen.add(e);
    if (!shown(e)) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < smallest - 0.05) problems.push(`text ${size.toFixed(1)} px: ${name(e)}`);
  }
  // what a finger aims at: lit parts, buttons, fields, rows that open
  const targets = document.querySelectorAll(
    "#board .part.live, button, select, input:not([type=hidden]):not([type=checkbox]), "
    + "summary, .bar a");
  for (const e of targets) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width < least - 0.5 || r.height < least - 0.5) {
      problems.push(`target ${r.width.toFixed(0)}x${r.height.toFixed(0)} px: ${name(e)}`);
    }
  }
  return problems;
}"""


def check_layout(page: Any, phone: bool | None = None) -> list[str]:
    """The problems of the screen as it is now (an empty list when it meets the rules)."""
    if phone is None:
        phone = page.viewport_size["width"] < 800
    least = 44.0 if phone else 24.0
    return list(page.evaluate(_MEASURE, [least, SMALLEST_TEXT]))


def shot(page: Any, name: str, full_page: bool = True) -> Path:
    """A screenshot of the page kept under test-artifacts/ (one per name, overwritten)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
