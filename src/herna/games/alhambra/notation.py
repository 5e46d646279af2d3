"""The help text for Alhambra's action notation, shown by `help` at the terminal prompt.

It documents the canonical action texts (contract.md); the parser lives with the rules, this
is what a player reads to type them.
"""

from __future__ import annotations

HELP = """\
ALHAMBRA - how to type your moves

Money cards
  A card is a currency letter and a value 1-9:
    b = blue denar    g = green dirham    o = orange ducat    y = yellow guilder
  Example: b7 is a blue denar worth 7. Market spaces 1-4 take denar, dirham, ducat and
  guilder in that order.

Your turn
  Take ONE action:
    take b7           Take one card of any value from the money display.
    take g2 y3        Or several display cards whose values add up to at most 5
                      (currencies may be mixed).
    buy 2 g4 g3       Buy the tile on market space 2 (1-4), paying only with cards of
                      that space's currency. No change is given; only payments from which
                      no card could be dropped are offered. Paying the exact price gives
                      you ANOTHER action (up to 5 actions in a turn); overpaying ends it.
    end               After an exact purchase: stop here instead of taking the extra
                      action (the extra action is a right, not a duty).
  Redesign your Alhambra (one move, ends the turn):
    place 23 1,-2     Reserve tile 23 into your Alhambra at x=1, y=-2.
    reserve 23        Alhambra tile 23 back to your reserve.
    swap 12 33        Reserve tile 12 takes the place of Alhambra tile 33, which goes to
                      your reserve.
    pass              Only offered when nothing else is possible.

Placing what you bought (end of turn)
  Each tile bought this turn must be placed or reserved, in any order:
    place 23 1,-2     Build tile 23 at x=1, y=-2.
    reserve 23        Put tile 23 on your reserve board (tiles there never score).
    dirk 23           Two players only: give tile 23 to Dirk, the neutral player.
  Then the market and the money display are refilled.

Coordinates
  Your Lion Fountain is at 0,0. x grows to the right, y grows DOWNWARD:
    the place above the fountain is 0,-1, below it 0,1, left -1,0, right 1,0.
  The board shows x along the top and y down the left; free places next to your
  Alhambra show their coordinates. Write them as x,y with no space: place 23 -1,2

Building rules
  Tiles are never rotated. Touching sides must match (wall to wall, open to open);
  every tile must be reachable on foot from the fountain without crossing a wall;
  a new tile shares a whole side with the Alhambra; no enclosed empty holes.

Scoring
  Round 1 when scoring card A is drawn, round 2 at card B, round 3 at the end:
  majorities in each building type (in your Alhambra, not the reserve) and 1 point per
  side of your longest outer wall.

Prompt commands
  legal    list every move you can make now, numbered: type the number or the text
  help     show this text (or ?)
  view     show the table again
  quit     leave the game (asks first)
"""
