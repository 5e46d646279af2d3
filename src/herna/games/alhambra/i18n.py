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

from herna.i18n import get_lang

LANGUAGES = ("en", "cs", "sk")

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
}

TABLES: dict[str, dict[str, str]] = {"en": EN, "cs": CS, "sk": SK}


def lang_of(lang: str | None = None) -> str:
    """`lang` if it is one of ours, else the CLI's current language (English by default)."""
    if lang in TABLES:
        return str(lang)
    current = get_lang()
    return current if current in TABLES else "en"


def t(key: str, /, lang: str | None = None, **fields: object) -> str:
    """The message `key` in `lang` (default: the current language), `fields` filled in.

    A key a table lacks falls back to English, so a missing translation never breaks a screen.
    """
    template = TABLES[lang_of(lang)].get(key) or EN[key]
    return template.format(**fields)


def word(prefix: str, name: str, lang: str | None = None) -> str:
    """A game term such as `word("type", "tower")`; an unknown name is shown as it is."""
    key = f"{prefix}.{name}"
    return t(key, lang) if key in EN else name


def type_name(kind: str, lang: str | None = None) -> str:
    return word("type", kind, lang)


def type_abbrev(kind: str, lang: str | None = None) -> str:
    key = f"abbrev.{kind}"
    return t(key, lang) if key in EN else kind[:3].upper()


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
