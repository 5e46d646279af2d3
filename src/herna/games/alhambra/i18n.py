"""Alhambra's own words in English, Czech and Slovak: the terminal screen and the score pad.

The language is the CLI's (`herna.i18n.get_lang`: `--lang`, else HERNA_LANG, else English);
`t("key", **fields)` formats a message in it, or in `lang=` when given. The game's terms follow
the rulebooks: the Czech Alhambra rules (seed 004: stavební trh, peněžní karty, rezervní plocha,
Lví fontána, bodování, zeď; denáry, dirhamy, dukáty, guldeny) and the Slovak Alhambra Roll &
Write rules (seed 000: pavilón, palác, arkády, zámky, záhrada, veža; bodovanie).

Only what players read is translated. What they type (the action notation, currency letters
b g o y, the score pad's TYPE=COUNT keys) and the wall letters T R B L stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable

from herna.i18n import LANGUAGES as LANGUAGES  # the same three languages as the CLI
from herna.i18n import Catalog

EN: dict[str, str] = {
    # building types, as names (scoring lines, table rows, chips)
    "type.pavilion": "pavilion",
    "type.seraglio": "seraglio",
    "type.arcades": "arcades",
    "type.chambers": "chambers",
    "type.garden": "garden",
    "type.tower": "tower",
    "type.fountain": "fountain",
    # three letters each (a grid cell has room for exactly three)
    "abbrev.pavilion": "PAV",
    "abbrev.seraglio": "SER",
    "abbrev.arcades": "ARC",
    "abbrev.chambers": "CHA",
    "abbrev.garden": "GAR",
    "abbrev.tower": "TOW",
    "abbrev.fountain": "FTN",
    "colour.blue": "blue",
    "colour.red": "red",
    "colour.brown": "brown",
    "colour.white": "white",
    "colour.green": "green",
    "colour.purple": "purple",
    "currency.denar": "denar",
    "currency.dirham": "dirham",
    "currency.ducat": "ducat",
    "currency.guilder": "guilder",
    # a sum of money in one currency ("12 ducat"; cs/sk: "dukáty: 12")
    "currency_pl.denar": "denar",
    "currency_pl.dirham": "dirham",
    "currency_pl.ducat": "ducat",
    "currency_pl.guilder": "guilder",
    "money": "{amount} {currency}",
    "walls": "walls",
    "total": "total",
    # counted words: .1 for one, .2 for two to four, .5 for the rest (Czech/Slovak plurals)
    "cards.1": "{n} card",
    "cards.2": "{n} cards",
    "cards.5": "{n} cards",
    "points.1": "{n} point",
    "points.2": "{n} points",
    "points.5": "{n} points",
    # the terminal screen
    "seat": "Seat {seat}",
    "you": " (you)",
    "none": "none",
    "nobody": "nobody",
    "empty": "empty",
    "tile.fountain": "{id} fountain",
    "tile.label": "{id} {type} ({price}) {walls}",
    "tile.walls": "walls {walls}",
    "tile.no_walls": "no walls",
    "header.title": "Alhambra",
    "header.turn": "  turn {turn}  ",
    "header.over": "game over",
    "header.to_act": " to act · {phase} · actions this turn {actions}",
    "phase.action": "action phase",
    "phase.placement": "placement phase",
    "phase.other": "{phase} phase",
    "header.status": "scoring rounds done {rounds} (cards drawn: {cards}) · deck {deck} · "
                     "discard {discard} · bag {bag}",
    "header.open_money": " · open money",
    "header.seat_total": "S{seat} {total}",
    "header.dirk_total": "Dirk {total}",
    "header.round": "round {round}: {totals}",
    "market.title": "Building market",
    "market.space": "Space",
    "market.currency": "Currency",
    "market.tile": "Tile",
    "market.type": "Type",
    "market.price": "Price",
    "market.walls": "Walls",
    "money_display": "Money display: ",
    "hand": "Hand: ",
    "hand.none": "no cards",
    "hand.totals": "Totals: ",
    "hand.sum": "  ({cards}, {total} in all)",
    "seat.score": "Score {score}",
    "seat.wall": " · longest wall {wall}",
    "seat.reserve": "Reserve: ",
    "seat.pending": "To place: ",
    "seat.active": "  ▶ to act",
    "dirk.title": "Dirk (neutral player)",
    "dirk.tiles": "Tiles: ",
    "outcome.winner": "Game over · winner: ",
    "outcome.shared": "Game over · shared win: ",
    "outcome.player": "Player",
    "outcome.score": "Score",
    "outcome.rank": "Rank",
    "outcome.dirk": "Dirk: {points}",
    "outcome.leftover": "Tile #{tile} left on space {space} went to {who} ({money})",
    # the SVG picture (render.py)
    "svg.cards.1": "{n} card",
    "svg.cards.2": "{n} cards",
    "svg.cards.5": "{n} cards",
    "svg.tiles.1": "{n} tile",
    "svg.tiles.2": "{n} tiles",
    "svg.tiles.5": "{n} tiles",
    "svg.points.1": "{n} point",
    "svg.points.2": "{n} points",
    "svg.points.5": "{n} points",
    "svg.price": "price {price}",
    "svg.supply": "Supply",
    "svg.deck": "Deck: {cards}",
    "svg.discard": "Discard: {cards}",
    "svg.bag": "Bag: {tiles}",
    "svg.drawn": "drawn",
    "svg.in_deck": "in deck",
    "svg.wall": "wall",
    "svg.hidden": "{cards} (hidden)",
    "svg.hand_total": "{cards}, total {total}",
    "svg.buildings": "Buildings",
    "svg.longest_wall": "Longest wall: {wall}",
    "svg.bought": "Bought this turn (to place)",
    "svg.winner": "Winner: ",
    "svg.shared": "Shared win: ",
    "svg.view_of": "{title} — view of {who}",
    "svg.spectator": "{title} — spectator view",
    "svg.status_over": "Turn {turn} · {over}",
    "svg.status": "Turn {turn} · {who} to act · {phase} · actions this turn: {actions}",
    # scoring explanations (scoring.explain_building_points)
    "and": " and ",
    "explain.nobody": "{type}: nobody has one → no points",
    "explain.line": "{type}: {parts}",
    "explain.one": "{who} is {place} with {count} → {share}",
    "explain.tie": "{who} tie for {place} with {count} each and share {split} → {share} each",
    "explain.one_unpaid": "{who} is {place} with {count} → nothing "
                          "(round {round} pays only {pays})",
    "explain.tie_unpaid": "{who} tie for {place} with {count} each → nothing "
                          "(round {round} pays only {pays})",
    # the score pad (herna score alhambra)
    "pad.title": "Alhambra — scoring round {round}",
    "pad.note": "Building cells show points (buildings counted).",
    "pad.players": "Number of players",
    "pad.name": "Name of player {seat}",
    "pad.default_name": "Player {seat}",
    "pad.tiles": "  {name}: {type} ({colour}) tiles",
    "pad.wall": "  {name}: longest outer wall (sides)",
    "pad.range": "Please enter a number from 0 to {most}.",
    "pad.not_int": "Please enter a valid integer number",
    "pad.not_choice": "Please select one of the available options",
    "pad.broken": "{name}'s layout breaks the building rules:",
    "pad.syntax": 'NAME: TYPE=COUNT ... walls=N, e.g. "Kim: tower=4 blue=2 walls=8"; or a whole '
                  'Alhambra, e.g. "Nina: layout=0@0,0 23@1,0 52@0,1" (tile id @ x,y; y grows '
                  "downward)",
    "err.count": "{who}: {key}={value!r} is not a whole number of 0 or more",
    "err.both": "{who}: give either counts and walls or a layout, not both",
    "err.placement": "{who}: cannot read {token!r} as a placement TILE@X,Y (e.g. 23@1,0)",
    "err.no_tile": "{who}: there is no tile {tile} (ids run 0..{last})",
    "err.same_cell": "{who}: two tiles placed at ({x},{y})",
    "err.token": "{who}: cannot read {token!r}; expected TYPE=COUNT",
    "err.walls_twice": "{who}: walls given twice",
    "err.unknown_type": "{who}: unknown building type {key!r} (use {known})",
    "err.type_twice": "{who}: {type} given twice",
    "err.player": "player {seat}: cannot read {spec!r}; expected {syntax}",
    "err.players": "Alhambra is for 2 to 6 players, not {n}",
    "err.same_name": "two entries are called {name!r}; give each a different name",
    "err.too_many": "{name}: {n} {type} tiles, but the game has only {most}",
    "err.too_many_all": "{n} {type} tiles counted in all, but the game has only {most}",
    "err.dirk": "Dirk plays only in a 2-player game, not with {n}",
    # refusal reasons (herna.IllegalAction): actions.parse, the board's checks, rules.explain
    "nothing": "nothing",
    "side.top": "top",
    "side.right": "right",
    "side.bottom": "bottom",
    "side.left": "left",
    "why.code": "{code!r} is not an Alhambra action code (0..{last})",
    "why.card": "{tok!r} is not a money card; write the currency letter and the value, e.g. b7 "
                "(b blue denar, g green dirham, o orange ducat, y yellow guilder)",
    "why.tile_number": "{tok!r} is not a building tile number (1-{last})",
    "why.position": "{text!r} is not a position; write x,y, e.g. 1,-2 (the fountain is 0,0; "
                    "y grows downward)",
    "why.too_far": "{x},{y} is too far from the fountain",
    "why.no_action": "no action given; type `legal` to list the legal actions",
    "why.no_args": "`{verb}` takes nothing after it",
    "why.take_what": "take which cards? e.g. `take b7` or `take g2 y3`",
    "why.take_limit": "you may take one card, or several totalling at most {limit}; "
                      "{cards} total {total}",
    "why.buy_space": "buy from which market space (1-4)? e.g. `buy 2 g4 g3`",
    "why.buy_cards": "pay with which cards? e.g. `buy 2 g4 g3`",
    "why.currency": "market space {space} takes only {currency} ({letter}), not {cards}",
    "why.payment": "{cards} is not a payment you may make: leave out any card the price does "
                   "not need",
    "why.place_what": "place which tile where? e.g. `place 23 1,-2`",
    "why.one_tile": "`{verb}` takes one tile number, e.g. `{verb} 23`",
    "why.swap_args": "`swap` takes a reserve tile then an Alhambra tile, e.g. `swap 12 33`",
    "why.unknown": "unknown action {verb!r}; actions are take, buy, end, place, reserve, swap, "
                   "dirk, pass (type `help` for the notation)",
    "why.occupied": "{x},{y} is already built on",
    "why.no_side": "{x},{y} does not share a whole side with your Alhambra "
                   "(corner contact is not enough)",
    "why.wall_to_open": "tile {tile} would put a wall ({side}) against an open side of tile {n} "
                        "at {nx},{ny}: touching sides must match",
    "why.open_to_wall": "tile {tile} would put an open side ({side}) against a wall of tile {n} "
                        "at {nx},{ny}: touching sides must match",
    "why.walled_in": "tile {tile} at {x},{y} could not be reached on foot from the fountain: "
                     "every side it shares is a wall",
    "why.hole": "a tile at {x},{y} would enclose an empty space (no holes allowed)",
    "why.no_tile_at": "there is no tile at {x},{y}",
    "why.fountain_removed": "the fountain can never be removed",
    "why.removal_hole": "removing tile {tile} would leave a hole at {x},{y}",
    "why.removal_split": "without tile {tile} some tiles could no longer be reached from the "
                         "fountain (or the Alhambra would fall apart)",
    "why.fountain_swapped": "the fountain can never be swapped",
    "why.not_free": "only a free tile can be swapped out, even for a moment: {why}",
    "why.swap_mismatch": "tile {tile} in place of tile {old} would not match tile {n} at "
                         "{nx},{ny} on its {side} side",
    "why.place_first": "first place the tiles you bought ({tiles}): `place TILE X,Y`, "
                       "`reserve TILE`",
    "why.place_first_dirk": "first place the tiles you bought ({tiles}): `place TILE X,Y`, "
                            "`reserve TILE`, `dirk TILE`",
    "why.not_pending": "tile {tile} is not among your tiles to place ({tiles})",
    "why.dirk_bought": "only a tile you bought may go to Dirk",
    "why.dirk_players": "Dirk only plays in a two-player game",
    "why.dirk_when": "only a tile you just bought may go to Dirk, when your turn ends",
    "why.not_now": "{action} is not possible now",
    "why.display": "the money display shows {shown}, not {cards}",
    "why.space_empty": "market space {space} is empty",
    "why.not_held": "you do not hold {cards} (your {currency}: {held})",
    "why.underpaid": "{cards} pays {paid}, but tile {tile} costs {price}",
    "why.overpaid": "{cards} pays {paid} for a price of {price}: leave out the card you do not "
                    "need (no change is given)",
    "why.not_reserved": "tile {tile} is not in your reserve ({tiles}){later}",
    "why.placed_later": " (tiles you bought are placed when your turn ends)",
    "why.not_built": "tile {tile} is not in your Alhambra",
    "why.end": "`end` ends a turn after an exact purchase; otherwise take one action",
    "why.pass": "you may pass only when no other action is possible",
}

CS: dict[str, str] = {
    "type.pavilion": "pavilon",
    "type.seraglio": "serail",
    "type.arcades": "arkády",
    "type.chambers": "komnaty",
    "type.garden": "zahrada",
    "type.tower": "věž",
    "type.fountain": "Lví fontána",
    "abbrev.pavilion": "PAV",
    "abbrev.seraglio": "SER",
    "abbrev.arcades": "ARK",
    "abbrev.chambers": "KOM",
    "abbrev.garden": "ZAH",
    "abbrev.tower": "VĚŽ",
    "abbrev.fountain": "FON",
    "colour.blue": "modrá",
    "colour.red": "červená",
    "colour.brown": "hnědá",
    "colour.white": "bílá",
    "colour.green": "zelená",
    "colour.purple": "fialová",
    "currency.denar": "denár",
    "currency.dirham": "dirham",
    "currency.ducat": "dukát",
    "currency.guilder": "gulden",
    "currency_pl.denar": "denáry",
    "currency_pl.dirham": "dirhamy",
    "currency_pl.ducat": "dukáty",
    "currency_pl.guilder": "guldeny",
    "money": "{currency}: {amount}",
    "walls": "zeď",
    "total": "celkem",
    "cards.1": "{n} karta",
    "cards.2": "{n} karty",
    "cards.5": "{n} karet",
    "points.1": "{n} bod",
    "points.2": "{n} body",
    "points.5": "{n} bodů",
    "seat": "Místo {seat}",
    "you": " (vy)",
    "none": "žádné",
    "nobody": "nikdo",
    "empty": "prázdné",
    "tile.fountain": "{id} Lví fontána",
    "tile.label": "{id} {type} ({price}) {walls}",
    "tile.walls": "zdi {walls}",
    "tile.no_walls": "bez zdí",
    "header.title": "Alhambra",
    "header.turn": "  kolo {turn}  ",
    "header.over": "konec hry",
    "header.to_act": " na tahu · {phase} · tahů v tomto kole {actions}",
    "phase.action": "fáze akcí",
    "phase.placement": "fáze pokládání dlaždic",
    "phase.other": "fáze {phase}",
    "header.status": "proběhlá bodování {rounds} (tažené bodovací karty: {cards}) · "
                     "balík {deck} · odkládací hromádka {discard} · pytlík {bag}",
    "header.open_money": " · peníze odkryté",
    "header.seat_total": "M{seat} {total}",
    "header.dirk_total": "Dirk {total}",
    "header.round": "{round}. bodování: {totals}",
    "market.title": "Stavební trh",
    "market.space": "Pole",
    "market.currency": "Měna",
    "market.tile": "Dlaždice",
    "market.type": "Typ",
    "market.price": "Cena",
    "market.walls": "Zdi",
    "money_display": "Vyložené peníze: ",
    "hand": "Ruka: ",
    "hand.none": "žádné karty",
    "hand.totals": "Součty: ",
    "hand.sum": "  ({cards}, celkem {total})",
    "seat.score": "Body {score}",
    "seat.wall": " · nejdelší zeď {wall}",
    "seat.reserve": "Rezerva: ",
    "seat.pending": "K položení: ",
    "seat.active": "  ▶ na tahu",
    "dirk.title": "Dirk (neutrální hráč)",
    "dirk.tiles": "Dlaždice: ",
    "outcome.winner": "Konec hry · vítěz: ",
    "outcome.shared": "Konec hry · dělené vítězství: ",
    "outcome.player": "Hráč",
    "outcome.score": "Body",
    "outcome.rank": "Pořadí",
    "outcome.dirk": "Dirk: {points}",
    "outcome.leftover": "Dlaždici #{tile}, která zbyla na poli {space}, dostává {who} ({money})",
    "svg.cards.1": "{n} karta",
    "svg.cards.2": "{n} karty",
    "svg.cards.5": "{n} karet",
    "svg.tiles.1": "{n} dlaždice",
    "svg.tiles.2": "{n} dlaždice",
    "svg.tiles.5": "{n} dlaždic",
    "svg.points.1": "{n} bod",
    "svg.points.2": "{n} body",
    "svg.points.5": "{n} bodů",
    "svg.price": "cena {price}",
    "svg.supply": "Zásoby",
    "svg.deck": "Balík: {cards}",
    "svg.discard": "Odkládací hromádka: {cards}",
    "svg.bag": "Pytlík: {tiles}",
    "svg.drawn": "vytažena",
    "svg.in_deck": "v balíku",
    "svg.wall": "zeď",
    "svg.hidden": "{cards} (skrytá ruka)",
    "svg.hand_total": "{cards}, celkem {total}",
    "svg.buildings": "Budovy",
    "svg.longest_wall": "Nejdelší zeď: {wall}",
    "svg.bought": "Koupeno v tomto kole (k položení)",
    "svg.winner": "Vítěz: ",
    "svg.shared": "Dělené vítězství: ",
    "svg.view_of": "{title} — pohled: {who}",
    "svg.spectator": "{title} — pohled diváka",
    "svg.status_over": "Kolo {turn} · {over}",
    "svg.status": "Kolo {turn} · {who} na tahu · {phase} · tahů v tomto kole: {actions}",
    "and": " a ",
    "explain.nobody": "{type}: nikdo nemá ani jednu budovu → žádné body",
    "explain.line": "{type}: {parts}",
    "explain.one": "{who} je na {place} místě s počtem {count} → {share}",
    "explain.tie": "{who} jsou shodně na {place} místě s počtem {count} a dělí si {split} "
                   "→ každý {share}",
    "explain.one_unpaid": "{who} je na {place} místě s počtem {count} → nic "
                          "({round}. bodování odměňuje jen {pays} místo)",
    "explain.tie_unpaid": "{who} jsou shodně na {place} místě s počtem {count} → nic "
                          "({round}. bodování odměňuje jen {pays} místo)",
    "pad.title": "Alhambra — {round}. bodování",
    "pad.note": "U budov jsou body (v závorce počet budov).",
    "pad.players": "Počet hráčů",
    "pad.name": "Jméno hráče {seat}",
    "pad.default_name": "Hráč {seat}",
    "pad.tiles": "  {name}: {type} ({colour}), počet dlaždic",
    "pad.wall": "  {name}: nejdelší vnější zeď (počet stran dlaždic)",
    "pad.range": "Zadejte číslo od 0 do {most}.",
    "pad.not_int": "Zadejte celé číslo",
    "pad.not_choice": "Vyberte jednu z nabízených možností",
    "pad.broken": "Alhambra hráče {name} porušuje pravidla stavby:",
    "pad.syntax": 'JMÉNO: TYP=POČET ... walls=N, např. "Kim: tower=4 blue=2 walls=8"; nebo celá '
                  'Alhambra, např. "Nina: layout=0@0,0 23@1,0 52@0,1" (číslo dlaždice @ x,y; '
                  "y roste dolů)",
    "err.count": "{who}: {key}={value!r} není celé číslo 0 nebo větší",
    "err.both": "{who}: zadejte buď počty a zeď, nebo rozložení (layout), ne obojí",
    "err.placement": "{who}: {token!r} nelze přečíst jako umístění DLAŽDICE@X,Y (např. 23@1,0)",
    "err.no_tile": "{who}: dlaždice {tile} neexistuje (čísla jsou 0..{last})",
    "err.same_cell": "{who}: dvě dlaždice na ({x},{y})",
    "err.token": "{who}: {token!r} nelze přečíst; očekáváno TYP=POČET",
    "err.walls_twice": "{who}: zeď (walls) zadána dvakrát",
    "err.unknown_type": "{who}: neznámý typ budovy {key!r} (použijte {known})",
    "err.type_twice": "{who}: typ {type} zadán dvakrát",
    "err.player": "hráč {seat}: {spec!r} nelze přečíst; očekáváno {syntax}",
    "err.players": "Alhambra je pro 2 až 6 hráčů, ne pro {n}",
    "err.same_name": "dva záznamy se jmenují {name!r}; dejte každému jiné jméno",
    "err.too_many": "{name}: typ {type} {n}×, ale hra má jen {most} takových dlaždic",
    "err.too_many_all": "typ {type} celkem {n}×, ale hra má jen {most} takových dlaždic",
    "err.dirk": "Dirk hraje jen ve hře dvou hráčů, ne při {n}",
    "nothing": "nic",
    "side.top": "nahoře",
    "side.right": "vpravo",
    "side.bottom": "dole",
    "side.left": "vlevo",
    "why.code": "{code!r} není kód tahu hry Alhambra (0..{last})",
    "why.card": "{tok!r} není peněžní karta; napište písmeno měny a hodnotu, např. b7 "
                "(b modré denáry, g zelené dirhamy, o oranžové dukáty, y žluté guldeny)",
    "why.tile_number": "{tok!r} není číslo dlaždice (1-{last})",
    "why.position": "{text!r} není pozice; napište x,y, např. 1,-2 (Lví fontána je na 0,0; "
                    "y roste dolů)",
    "why.too_far": "{x},{y} je příliš daleko od Lví fontány",
    "why.no_action": "nebyl zadán žádný tah; `legal` vypíše možné tahy",
    "why.no_args": "za `{verb}` nic nepatří",
    "why.take_what": "které karty vzít? např. `take b7` nebo `take g2 y3`",
    "why.take_limit": "smíte vzít jednu kartu, nebo několik v součtu nejvýše {limit}; "
                      "{cards} dává dohromady {total}",
    "why.buy_space": "z kterého pole stavebního trhu (1-4)? např. `buy 2 g4 g3`",
    "why.buy_cards": "kterými kartami zaplatit? např. `buy 2 g4 g3`",
    "why.currency": "pole {space} stavebního trhu bere jen {currency} ({letter}), ne {cards}",
    "why.payment": "{cards} není platba, kterou smíte provést: vynechte kartu, kterou cena "
                   "nepotřebuje",
    "why.place_what": "kterou dlaždici kam položit? např. `place 23 1,-2`",
    "why.one_tile": "za `{verb}` patří jedno číslo dlaždice, např. `{verb} 23`",
    "why.swap_args": "za `swap` patří dlaždice z rezervní plochy a pak dlaždice z Alhambry, "
                     "např. `swap 12 33`",
    "why.unknown": "neznámý tah {verb!r}; tahy jsou take, buy, end, place, reserve, swap, "
                   "dirk, pass (`help` ukáže zápis tahů)",
    "why.occupied": "na {x},{y} už dlaždice leží",
    "why.no_side": "{x},{y} nesousedí s vaší Alhambrou celou stranou "
                   "(dotyk rohem nestačí)",
    "why.wall_to_open": "dlaždice {tile} by přiložila zeď ({side}) k otevřené straně dlaždice "
                        "{n} na {nx},{ny}: sousední strany se musí shodovat",
    "why.open_to_wall": "dlaždice {tile} by přiložila otevřenou stranu ({side}) ke zdi dlaždice "
                        "{n} na {nx},{ny}: sousední strany se musí shodovat",
    "why.walled_in": "k dlaždici {tile} na {x},{y} by se nedalo dojít pěšky od Lví fontány: "
                     "každá sousední strana je zeď",
    "why.hole": "dlaždice na {x},{y} by uzavřela prázdné místo (díry nejsou dovoleny)",
    "why.no_tile_at": "na {x},{y} žádná dlaždice neleží",
    "why.fountain_removed": "Lví fontánu nelze nikdy odebrat",
    "why.removal_hole": "odebráním dlaždice {tile} by na {x},{y} vznikla díra",
    "why.removal_split": "bez dlaždice {tile} by se k některým dlaždicím nedalo dojít od Lví "
                         "fontány (nebo by se Alhambra rozpadla)",
    "why.fountain_swapped": "Lví fontánu nelze nikdy vyměnit",
    "why.not_free": "vyměnit lze jen volnou dlaždici, i na okamžik: {why}",
    "why.swap_mismatch": "dlaždice {tile} místo dlaždice {old} by nesouhlasila s dlaždicí {n} "
                         "na {nx},{ny} (strana {side})",
    "why.place_first": "nejdřív umístěte koupené dlaždice ({tiles}): `place TILE X,Y`, "
                       "`reserve TILE`",
    "why.place_first_dirk": "nejdřív umístěte koupené dlaždice ({tiles}): `place TILE X,Y`, "
                            "`reserve TILE`, `dirk TILE`",
    "why.not_pending": "dlaždice {tile} nepatří mezi vaše dlaždice k položení ({tiles})",
    "why.dirk_bought": "Dirkovi smí jít jen dlaždice, kterou jste koupili",
    "why.dirk_players": "Dirk hraje jen ve hře dvou hráčů",
    "why.dirk_when": "Dirkovi smí jít jen právě koupená dlaždice, na konci vašeho tahu",
    "why.not_now": "{action} teď není možné",
    "why.display": "vyložené peníze jsou {shown}, ne {cards}",
    "why.space_empty": "pole {space} stavebního trhu je prázdné",
    "why.not_held": "nemáte {cards} (vaše {currency}: {held})",
    "why.underpaid": "{cards} dává {paid}, ale dlaždice {tile} stojí {price}",
    "why.overpaid": "{cards} dává {paid} při ceně {price}: vynechte kartu, kterou nepotřebujete "
                    "(přeplatek se nevrací)",
    "why.not_reserved": "dlaždice {tile} není na vaší rezervní ploše ({tiles}){later}",
    "why.placed_later": " (koupené dlaždice se umisťují na konci tahu)",
    "why.not_built": "dlaždice {tile} není ve vaší Alhambře",
    "why.end": "`end` ukončí tah po koupi bez přeplatku; jinak proveďte jednu akci",
    "why.pass": "`pass` je možný, jen když žádný jiný tah možný není",
}

SK: dict[str, str] = {
    "type.pavilion": "pavilón",
    "type.seraglio": "palác",
    "type.arcades": "arkády",
    "type.chambers": "zámky",
    "type.garden": "záhrada",
    "type.tower": "veža",
    "type.fountain": "Levia fontána",
    "abbrev.pavilion": "PAV",
    "abbrev.seraglio": "PAL",
    "abbrev.arcades": "ARK",
    "abbrev.chambers": "ZÁM",
    "abbrev.garden": "ZÁH",
    "abbrev.tower": "VEŽ",
    "abbrev.fountain": "FON",
    "colour.blue": "modrá",
    "colour.red": "červená",
    "colour.brown": "hnedá",
    "colour.white": "biela",
    "colour.green": "zelená",
    "colour.purple": "fialová",
    "currency.denar": "denár",
    "currency.dirham": "dirham",
    "currency.ducat": "dukát",
    "currency.guilder": "gulden",
    "currency_pl.denar": "denáre",
    "currency_pl.dirham": "dirhamy",
    "currency_pl.ducat": "dukáty",
    "currency_pl.guilder": "guldeny",
    "money": "{currency}: {amount}",
    "walls": "múr",
    "total": "spolu",
    "cards.1": "{n} karta",
    "cards.2": "{n} karty",
    "cards.5": "{n} kariet",
    "points.1": "{n} bod",
    "points.2": "{n} body",
    "points.5": "{n} bodov",
    "seat": "Miesto {seat}",
    "you": " (vy)",
    "none": "žiadne",
    "nobody": "nikto",
    "empty": "prázdne",
    "tile.fountain": "{id} Levia fontána",
    "tile.label": "{id} {type} ({price}) {walls}",
    "tile.walls": "múry {walls}",
    "tile.no_walls": "bez múrov",
    "header.title": "Alhambra",
    "header.turn": "  kolo {turn}  ",
    "header.over": "koniec hry",
    "header.to_act": " na ťahu · {phase} · ťahov v tomto kole {actions}",
    "phase.action": "fáza akcií",
    "phase.placement": "fáza kladenia dlaždíc",
    "phase.other": "fáza {phase}",
    "header.status": "prebehnuté bodovania {rounds} (ťahané bodovacie karty: {cards}) · "
                     "balíček {deck} · odkladacia kôpka {discard} · vrecko {bag}",
    "header.open_money": " · peniaze odkryté",
    "header.seat_total": "M{seat} {total}",
    "header.dirk_total": "Dirk {total}",
    "header.round": "{round}. bodovanie: {totals}",
    "market.title": "Stavebný trh",
    "market.space": "Pole",
    "market.currency": "Mena",
    "market.tile": "Dlaždica",
    "market.type": "Typ",
    "market.price": "Cena",
    "market.walls": "Múry",
    "money_display": "Vyložené peniaze: ",
    "hand": "Ruka: ",
    "hand.none": "žiadne karty",
    "hand.totals": "Súčty: ",
    "hand.sum": "  ({cards}, spolu {total})",
    "seat.score": "Body {score}",
    "seat.wall": " · najdlhší múr {wall}",
    "seat.reserve": "Rezerva: ",
    "seat.pending": "Na položenie: ",
    "seat.active": "  ▶ na ťahu",
    "dirk.title": "Dirk (neutrálny hráč)",
    "dirk.tiles": "Dlaždice: ",
    "outcome.winner": "Koniec hry · víťaz: ",
    "outcome.shared": "Koniec hry · delené víťazstvo: ",
    "outcome.player": "Hráč",
    "outcome.score": "Body",
    "outcome.rank": "Poradie",
    "outcome.dirk": "Dirk: {points}",
    "outcome.leftover": "Dlaždicu #{tile}, ktorá zostala na poli {space}, dostáva {who} "
                        "({money})",
    "svg.cards.1": "{n} karta",
    "svg.cards.2": "{n} karty",
    "svg.cards.5": "{n} kariet",
    "svg.tiles.1": "{n} dlaždica",
    "svg.tiles.2": "{n} dlaždice",
    "svg.tiles.5": "{n} dlaždíc",
    "svg.points.1": "{n} bod",
    "svg.points.2": "{n} body",
    "svg.points.5": "{n} bodov",
    "svg.price": "cena {price}",
    "svg.supply": "Zásoby",
    "svg.deck": "Balíček: {cards}",
    "svg.discard": "Odkladacia kôpka: {cards}",
    "svg.bag": "Vrecko: {tiles}",
    "svg.drawn": "vytiahnutá",
    "svg.in_deck": "v balíčku",
    "svg.wall": "múr",
    "svg.hidden": "{cards} (skrytá ruka)",
    "svg.hand_total": "{cards}, spolu {total}",
    "svg.buildings": "Budovy",
    "svg.longest_wall": "Najdlhší múr: {wall}",
    "svg.bought": "Kúpené v tomto kole (na položenie)",
    "svg.winner": "Víťaz: ",
    "svg.shared": "Delené víťazstvo: ",
    "svg.view_of": "{title} — pohľad: {who}",
    "svg.spectator": "{title} — pohľad diváka",
    "svg.status_over": "Kolo {turn} · {over}",
    "svg.status": "Kolo {turn} · {who} na ťahu · {phase} · ťahov v tomto kole: {actions}",
    "and": " a ",
    "explain.nobody": "{type}: nikto nemá ani jednu budovu → žiadne body",
    "explain.line": "{type}: {parts}",
    "explain.one": "{who} je na {place} mieste s počtom {count} → {share}",
    "explain.tie": "{who} sú zhodne na {place} mieste s počtom {count} a delia si {split} "
                   "→ každý {share}",
    "explain.one_unpaid": "{who} je na {place} mieste s počtom {count} → nič "
                          "({round}. bodovanie odmeňuje len {pays} miesto)",
    "explain.tie_unpaid": "{who} sú zhodne na {place} mieste s počtom {count} → nič "
                          "({round}. bodovanie odmeňuje len {pays} miesto)",
    "pad.title": "Alhambra — {round}. bodovanie",
    "pad.note": "Pri budovách sú body (v zátvorke počet budov).",
    "pad.players": "Počet hráčov",
    "pad.name": "Meno hráča {seat}",
    "pad.default_name": "Hráč {seat}",
    "pad.tiles": "  {name}: {type} ({colour}), počet dlaždíc",
    "pad.wall": "  {name}: najdlhší vonkajší múr (počet strán dlaždíc)",
    "pad.range": "Zadajte číslo od 0 do {most}.",
    "pad.not_int": "Zadajte celé číslo",
    "pad.not_choice": "Vyberte jednu z ponúkaných možností",
    "pad.broken": "Alhambra hráča {name} porušuje pravidlá stavby:",
    "pad.syntax": 'MENO: TYP=POČET ... walls=N, napr. "Kim: tower=4 blue=2 walls=8"; alebo celá '
                  'Alhambra, napr. "Nina: layout=0@0,0 23@1,0 52@0,1" (číslo dlaždice @ x,y; '
                  "y rastie nadol)",
    "err.count": "{who}: {key}={value!r} nie je celé číslo 0 alebo väčšie",
    "err.both": "{who}: zadajte buď počty a múr, alebo rozloženie (layout), nie oboje",
    "err.placement": "{who}: {token!r} sa nedá prečítať ako umiestnenie DLAŽDICA@X,Y "
                     "(napr. 23@1,0)",
    "err.no_tile": "{who}: dlaždica {tile} neexistuje (čísla sú 0..{last})",
    "err.same_cell": "{who}: dve dlaždice na ({x},{y})",
    "err.token": "{who}: {token!r} sa nedá prečítať; očakáva sa TYP=POČET",
    "err.walls_twice": "{who}: múr (walls) zadaný dvakrát",
    "err.unknown_type": "{who}: neznámy typ budovy {key!r} (použite {known})",
    "err.type_twice": "{who}: typ {type} zadaný dvakrát",
    "err.player": "hráč {seat}: {spec!r} sa nedá prečítať; očakáva sa {syntax}",
    "err.players": "Alhambra je pre 2 až 6 hráčov, nie pre {n}",
    "err.same_name": "dva záznamy sa volajú {name!r}; dajte každému iné meno",
    "err.too_many": "{name}: typ {type} {n}×, ale hra má len {most} takých dlaždíc",
    "err.too_many_all": "typ {type} spolu {n}×, ale hra má len {most} takých dlaždíc",
    "err.dirk": "Dirk hrá len v hre dvoch hráčov, nie pri {n}",
    "nothing": "nič",
    "side.top": "hore",
    "side.right": "vpravo",
    "side.bottom": "dole",
    "side.left": "vľavo",
    "why.code": "{code!r} nie je kód ťahu hry Alhambra (0..{last})",
    "why.card": "{tok!r} nie je peňažná karta; napíšte písmeno meny a hodnotu, napr. b7 "
                "(b modré denáre, g zelené dirhamy, o oranžové dukáty, y žlté guldeny)",
    "why.tile_number": "{tok!r} nie je číslo dlaždice (1-{last})",
    "why.position": "{text!r} nie je pozícia; napíšte x,y, napr. 1,-2 (Levia fontána je na 0,0; "
                    "y rastie nadol)",
    "why.too_far": "{x},{y} je príliš ďaleko od Levej fontány",
    "why.no_action": "nebol zadaný žiadny ťah; `legal` vypíše možné ťahy",
    "why.no_args": "za `{verb}` nič nepatrí",
    "why.take_what": "ktoré karty vziať? napr. `take b7` alebo `take g2 y3`",
    "why.take_limit": "smiete vziať jednu kartu, alebo niekoľko v súčte najviac {limit}; "
                      "{cards} dáva spolu {total}",
    "why.buy_space": "z ktorého poľa stavebného trhu (1-4)? napr. `buy 2 g4 g3`",
    "why.buy_cards": "ktorými kartami zaplatiť? napr. `buy 2 g4 g3`",
    "why.currency": "pole {space} stavebného trhu berie len {currency} ({letter}), nie {cards}",
    "why.payment": "{cards} nie je platba, ktorú smiete urobiť: vynechajte kartu, ktorú cena "
                   "nepotrebuje",
    "why.place_what": "ktorú dlaždicu kam položiť? napr. `place 23 1,-2`",
    "why.one_tile": "za `{verb}` patrí jedno číslo dlaždice, napr. `{verb} 23`",
    "why.swap_args": "za `swap` patrí dlaždica z rezervy a potom dlaždica z Alhambry, "
                     "napr. `swap 12 33`",
    "why.unknown": "neznámy ťah {verb!r}; ťahy sú take, buy, end, place, reserve, swap, "
                   "dirk, pass (`help` ukáže zápis ťahov)",
    "why.occupied": "na {x},{y} už dlaždica leží",
    "why.no_side": "{x},{y} nesusedí s vašou Alhambrou celou stranou "
                   "(dotyk rohom nestačí)",
    "why.wall_to_open": "dlaždica {tile} by priložila múr ({side}) k otvorenej strane dlaždice "
                        "{n} na {nx},{ny}: susedné strany sa musia zhodovať",
    "why.open_to_wall": "dlaždica {tile} by priložila otvorenú stranu ({side}) k múru dlaždice "
                        "{n} na {nx},{ny}: susedné strany sa musia zhodovať",
    "why.walled_in": "k dlaždici {tile} na {x},{y} by sa nedalo dôjsť pešo od Levej fontány: "
                     "každá susedná strana je múr",
    "why.hole": "dlaždica na {x},{y} by uzavrela prázdne miesto (diery nie sú dovolené)",
    "why.no_tile_at": "na {x},{y} neleží žiadna dlaždica",
    "why.fountain_removed": "Leviu fontánu nemožno nikdy odobrať",
    "why.removal_hole": "odobratím dlaždice {tile} by na {x},{y} vznikla diera",
    "why.removal_split": "bez dlaždice {tile} by sa k niektorým dlaždiciam nedalo dôjsť od Levej "
                         "fontány (alebo by sa Alhambra rozpadla)",
    "why.fountain_swapped": "Leviu fontánu nemožno nikdy vymeniť",
    "why.not_free": "vymeniť možno len voľnú dlaždicu, aj na okamih: {why}",
    "why.swap_mismatch": "dlaždica {tile} namiesto dlaždice {old} by nesúhlasila s dlaždicou {n} "
                         "na {nx},{ny} (strana {side})",
    "why.place_first": "najprv umiestnite kúpené dlaždice ({tiles}): `place TILE X,Y`, "
                       "`reserve TILE`",
    "why.place_first_dirk": "najprv umiestnite kúpené dlaždice ({tiles}): `place TILE X,Y`, "
                            "`reserve TILE`, `dirk TILE`",
    "why.not_pending": "dlaždica {tile} nepatrí medzi vaše dlaždice na položenie ({tiles})",
    "why.dirk_bought": "Dirkovi smie ísť len dlaždica, ktorú ste kúpili",
    "why.dirk_players": "Dirk hrá len v hre dvoch hráčov",
    "why.dirk_when": "Dirkovi smie ísť len práve kúpená dlaždica, na konci vášho ťahu",
    "why.not_now": "{action} teraz nie je možné",
    "why.display": "vyložené peniaze sú {shown}, nie {cards}",
    "why.space_empty": "pole {space} stavebného trhu je prázdne",
    "why.not_held": "nemáte {cards} (vaše {currency}: {held})",
    "why.underpaid": "{cards} dáva {paid}, ale dlaždica {tile} stojí {price}",
    "why.overpaid": "{cards} dáva {paid} pri cene {price}: vynechajte kartu, ktorú "
                    "nepotrebujete (preplatok sa nevracia)",
    "why.not_reserved": "dlaždica {tile} nie je vo vašej rezerve ({tiles}){later}",
    "why.placed_later": " (kúpené dlaždice sa umiestňujú na konci ťahu)",
    "why.not_built": "dlaždica {tile} nie je vo vašej Alhambre",
    "why.end": "`end` ukončí ťah po kúpe bez preplatku; inak urobte jednu akciu",
    "why.pass": "`pass` je možný, len keď nie je možný žiadny iný ťah",
}

CATALOG = Catalog(EN, CS, SK)
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key
word = CATALOG.word  # a game term such as word("type", "tower"); unknown names as they are


def type_name(kind: str, lang: str | None = None) -> str:
    return word("type", kind, lang)


def type_abbrev(kind: str, lang: str | None = None) -> str:
    return word("abbrev", kind, lang, kind[:3].upper())


def currency_name(currency: str, lang: str | None = None) -> str:
    return word("currency", currency, lang)


def colour_name(colour: str, lang: str | None = None) -> str:
    return word("colour", colour, lang)


def category_name(category: str, lang: str | None = None) -> str:
    """A score-pad category: a building type, "walls" or "total"; others as they are."""
    if category in ("walls", "total"):
        return t(category, lang)
    return type_name(category, lang)


def counted(what: str, n: int, lang: str | None = None) -> str:
    """`n` with its noun in the right form: 1 karta, 3 karty, 5 karet."""
    form = "1" if n == 1 else "2" if 2 <= n <= 4 else "5"
    return t(f"{what}.{form}", lang, n=n)


def ordinal(n: int, lang: str | None = None) -> str:
    """A place as said at the table: 1st, 2nd (en); 1., 2. (cs, sk)."""
    if lang_of(lang) == "en":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    return f"{n}."


def join_names(names: Iterable[str], lang: str | None = None) -> str:
    """'Kim', 'Kim and Nina', 'Kim, Nina and Ola' (cs/sk: 'a')."""
    items = list(names)
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])}{t('and', lang)}{items[-1]}"
