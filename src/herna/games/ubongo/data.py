"""The Ubongo gem board and the game's fixed numbers (rules/ubongo-data.md 1.5, 1.6, 1.3).

Colours are in the order of the Czech rulebook's example table (zelené, červené, modré,
fialové, hnědé, žluté), so the seed's tie-break example reads the same here.
"""

from __future__ import annotations

# gem colours: names (English ids, translated in i18n) and drawing colours
COLOURS: tuple[str, ...] = ("green", "red", "blue", "violet", "brown", "yellow")
COLOUR_CSS: dict[str, str] = {
    "green": "#2e9e4f",
    "red": "#d1352b",
    "blue": "#2f6fd6",
    "violet": "#8e44ad",
    "brown": "#8b5a2b",
    "yellow": "#f2c511",
}
COLOUR_LETTERS: dict[str, str] = {  # one letter per colour, for the terminal board
    "green": "G", "red": "R", "blue": "B", "violet": "V", "brown": "N", "yellow": "Y",
}
ROWS = 6  # rows of gem holes, one red start field in front of each
HOLES = 12  # holes per row
GEMS_PER_COLOUR = 12  # [inferred] 72 gems / 6 colours
GEMS_TAKEN = 2  # a finisher takes the two front gems of the row

# how far the 1st, 2nd, 3rd, 4th finisher may move (the same with fewer players)
ALLOWANCE: tuple[int, ...] = (3, 2, 1, 0)

# cards in play by player count (9 rounds); `all_cards` plays all 36 at any count (seed 001:
# "mohou hrát nadšení hráči i se všemi kartami"): 18 rounds for 2, 12 for 3, 9 for 4
CARDS_IN_PLAY: dict[int, int] = {2: 18, 3: 27, 4: 36}
ALL_CARDS = 36

# seconds: the hourglass is a minute (seed 001: "Pokud nikdo z hráčů nenajde řešení ani v této
# další minutě", if nobody finds a solution even in this further minute, said of its second turn)
DEFAULT_TIMER = 60
MIN_TIMER, MAX_TIMER = 5, 600
SIDES = ("easy", "hard")  # easy: 3 pieces per row (yellow frame); hard: 4 (green frame)

# The race's time buckets: a tenth of the hourglass each, 20 cover both turns of it, and one
# more holds every time after the sand has run out twice (see actions.py).
BUCKETS_PER_TURN = 10
TIME_BUCKETS = 2 * BUCKETS_PER_TURN + 1
# the finishing times offered in legal_actions, in tenths of the hourglass
LISTED_BUCKETS: tuple[int, ...] = (2, 4, 6, 8, 10, 15, 20)
