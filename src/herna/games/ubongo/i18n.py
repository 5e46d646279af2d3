"""Ubongo's words in English, Czech and Slovak: the terminal screen, the help, the refusal
reasons, the SVG picture and the score pad.

The language is the CLI's (`herna.i18n.get_lang`), or `lang=` when given. Czech terms follow
the seed rulebook (001: dílky, přesýpací hodiny, figurka, drahokamy, červená políčka, řada,
začínající hráč, světlá plocha); Slovak uses the same words in Slovak. What players type (the
notation: solve, pass, start, move, the piece letters A-L) stays the same in every language.
"""

from __future__ import annotations

from herna.i18n import Catalog

EN: dict[str, str] = {
    # options
    "opt.side": "side must be 'easy' (3 pieces) or 'hard' (4 pieces), not {value!r}",
    "opt.timer": "timer must be 0 (no hourglass) or whole seconds from {lo} to {hi}, "
                 "not {value!r}",
    "opt.all_cards_bool": "all_cards must be true or false, not {value!r}",
    "opt.deck": "cannot use the Ubongo deck {value!r}: {why}",
    "opt.all_cards": "all_cards is the 2-player variant (18 rounds); 4 players use all 36 "
                     "cards anyway and 3 players use 27",
    # reading the notation
    "parse.empty": "type an action: solve ..., pass, start N or move N (help explains)",
    "parse.unknown": "cannot read {text!r}: type `solve A0@0,0 C3@1,2 ... in 23.5`, `pass`, "
                     "`start 3` or `move +2` (help explains)",
    "parse.placement": "cannot read {token!r}: a piece is its letter, its orientation number, "
                       "@ and row,col of its box's top-left corner, e.g. C3@1,2",
    "parse.time": "say when you finished: end with `in` and the seconds, e.g. `... in 23.5`",
    "parse.time_bad": "{value!r} is not a time in seconds (e.g. 23.5)",
    "parse.no_pieces": "name your pieces: solve A0@0,0 C3@1,2 ... in 23.5",
    "parse.start": "start needs a red field 1-6, e.g. start 3",
    "parse.move": "move needs a number of fields from -3 to +3, e.g. move +2 or move -1",
    # refusals
    "why.wrong": "not a solution: {why}",
    "why.not_yours": "piece {piece} is not beside the rolled symbol (your pieces: {pieces})",
    "why.twice": "piece {piece} is placed twice; each piece is used once",
    "why.orientation": "piece {piece} has orientations 0-{last}, not {o} (help shows them)",
    "why.outside": "piece {piece}{o} at {r},{c} leaves the light area (cell {cell})",
    "why.overlap": "pieces {a} and {b} overlap at {cell}",
    "why.uncovered": "cells {cells} are not covered",
    "why.uncovered_missing": "cells {cells} are not covered: piece {pieces} is not placed",
    "why.code": "no action has code {code} (codes are 0-{last})",
    "why.no_race": "there is no race for you to finish now",
    "why.over": "the game is over",
    "why.start_done": "figures are placed only at the start of the game",
    "why.not_mover": "only the finisher whose turn it is moves now",
    "why.too_far": "move {delta} is not possible: as finisher no. {place} you may move up "
                   "to {reach} field(s) from field {field}, within fields 1-6",
    "why.place_first": "first put your figure on a red start field (start 1-6)",
    "why.race_over": "the race is over: finishers now move their figures (move N)",
    "why.submitted": "you have already finished or given up this round",
    "why.not_now": "{action} is not possible now",
    # colours and symbols
    "colour.green": "green", "colour.red": "red", "colour.blue": "blue",
    "colour.violet": "violet", "colour.brown": "brown", "colour.yellow": "yellow",
    "symbol.mask": "mask", "symbol.elephant": "elephant", "symbol.gazelle": "gazelle",
    "symbol.shield": "spear and shield", "symbol.drum": "drum", "symbol.baobab": "baobab",
    "side.easy": "easy side (3 pieces)", "side.hard": "hard side (4 pieces)",
    # the screen
    "title": "Ubongo",
    "header": "round {round} of {rounds} · start player: seat {start} · {side} · "
              "{hourglass} · deck {deck}",
    "hourglass.on": "hourglass {timer} s",
    "hourglass.off": "no hourglass",
    "hint.untimed": "Type `solve` with a placement per piece (e.g. {example}) or `pass`. "
                    "There is no hourglass: your time only decides the finishing order. "
                    "`help` explains.",
    "phase.start": "Put your figures on the red start fields",
    "phase.race": "The race: cover your card's light area with the pieces beside the {symbol}",
    "phase.gems": "Gems: finisher no. {place} (seat {seat}) moves up to {reach} field(s)",
    "phase.over": "Game over",
    "seat": "seat {seat}",
    "you": " (you)",
    "legal.unlisted": ("Solutions are not listed: the puzzle is yours to solve "
                       "(type solve ..., see help)."),
    "board.title": "Gem board (front of each row next to the red fields)",
    "board.field": "field",
    "board.row": "row",
    "figures": "figures",
    "gems.title": "Gems",
    "col.seat": "Seat",
    "col.figure": "Field",
    "col.total": "Total",
    "col.sorted": "Sorted counts",
    "col.race": "Race",
    "race.done": "done",
    "race.racing": "puzzling…",
    "race.time": "{time} s",
    "race.passed": "gave up",
    "race.late": "too late ({time} s)",
    # the move log (web.describe): what a seat did, after its name
    "web.start": "put the figure on red field {field}",
    "web.solve": "solved the card in {time} s",
    "web.pass": "gave up this round",
    "web.right1": "moved the figure 1 field right",
    "web.right": "moved the figure {n} fields right",
    "web.left1": "moved the figure 1 field left",
    "web.left": "moved the figure {n} fields left",
    "web.stay": "left the figure on its field",
    "card.title": "Your card {number} · {side} · pieces beside the {symbol}: {pieces}",
    "card.other": "Seat {seat}: card {number}, pieces {pieces}",
    "card.grid": "The light area (# to cover; rows down, columns across)",
    "pieces.title": "Your pieces in every orientation (letter+number = orientation)",
    "your.submission": "You submitted: {text}",
    "hint.race": "Type `solve` with a placement per piece (e.g. {example}) or `pass`. Your "
                 "time is added when you press Enter; {timer} s count (up to {double} s if "
                 "nobody finishes in the first turn of the hourglass). `help` explains.",
    "hint.gems": "Type `move N` (N from -{reach} to +{reach}); the front two gems of that row "
                 "are yours.",
    "hint.start": "Type `start N` with N from 1 to 6 (the red fields, left to right).",
    "mover.option": "{move}: field {field} → {gems}",
    "mover.empty": "nothing (the row is empty)",
    "last.title": "Round {round}: {symbol}",
    "last.hourglass2": "nobody finished in time: the hourglass was turned again",
    "last.discarded": "nobody finished: the cards were discarded",
    "last.finish": "{place}. seat {seat} in {time} s",
    "last.move": "seat {seat}: field {src} → {dst}, took {gems}",
    "last.nothing": "nothing",
    "last.notfinished": "not finished: {seats}",
    "note": "Cards are Herna's own generated puzzles (RECONSTRUCTION: the publisher's cards "
            "are published nowhere).",
    # the end and the tie-break
    "end.title": "Final gems",
    "end.winner": "Winner: {names}",
    "end.shared": "Shared win: {names} (identical colour counts)",
    "end.first": "{winner} has the most gems of one colour ({count})",
    "end.place": "{winner} beats {runner} on the {place} largest colour count ({a} > {b}), "
                 "level before it",
    "end.alone": "{winner} is the only player",
    "end.beats": "{winner} beats {runner} on the largest colour count ({a} > {b})",
    "category": "{place} colour count",
    "ordinal.1": "1st", "ordinal.2": "2nd", "ordinal.3": "3rd", "ordinal.4": "4th",
    "ordinal.5": "5th", "ordinal.6": "6th",
    # score pad
    "pad.title": "Ubongo score pad",
    "pad.ask_players": "How many players",
    "pad.ask_name": "Name of player {n}",
    "pad.ask_count": "{name}: {colour} gems",
    "pad.rank": "Rank",
    "pad.player": "Player",
    "pad.bad_entry": "cannot read {text!r}: give six counts (green red blue violet brown "
                     "yellow) like 6,4,2,2,2,2 or colour=count pairs like green=6 red=4",
    "pad.bad_colour": "unknown colour {name!r}: colours are {colours}",
    "pad.bad_count": "{name}: {count} is not a count 0-12",
    "pad.too_many": "{colour}: {count} gems in all, but the game has only 12",
    "pad.players": "Ubongo is for 2-4 players, not {n}",
    "pad.syntax": "NAME:COUNTS, counts in the order green,red,blue,violet,brown,yellow "
                  "(e.g. Ana:6,4,2,2,2,2) or as colour=count (Ana:green=6,red=4)",
    "pad.rule": "Most gems of one colour wins; a tie goes to the second-largest colour count, "
                "then the third, and so on.",
}

CS: dict[str, str] = {
    "opt.side": "strana musí být 'easy' (3 dílky) nebo 'hard' (4 dílky), ne {value!r}",
    "opt.timer": "timer musí být 0 (bez přesýpacích hodin) nebo celé sekundy od {lo} do "
                 "{hi}, ne {value!r}",
    "opt.all_cards_bool": "all_cards musí být true nebo false, ne {value!r}",
    "opt.deck": "balíček karet Ubongo {value!r} nelze použít: {why}",
    "opt.all_cards": "all_cards je varianta pro 2 hráče (18 kol); ve 4 se hraje se všemi 36 "
                     "kartami tak jako tak a ve 3 s 27",
    "parse.empty": "napište tah: solve ..., pass, start N nebo move N (help vysvětlí)",
    "parse.unknown": "nerozumím {text!r}: napište `solve A0@0,0 C3@1,2 ... in 23.5`, `pass`, "
                     "`start 3` nebo `move +2` (help vysvětlí)",
    "parse.placement": "nerozumím {token!r}: dílek je jeho písmeno, číslo natočení, @ a "
                       "řádek,sloupec levého horního rohu jeho rámečku, např. C3@1,2",
    "parse.time": "uveďte, kdy jste skončili: na konec `in` a sekundy, např. `... in 23.5`",
    "parse.time_bad": "{value!r} není čas v sekundách (např. 23.5)",
    "parse.no_pieces": "uveďte své dílky: solve A0@0,0 C3@1,2 ... in 23.5",
    "parse.start": "start potřebuje červené políčko 1-6, např. start 3",
    "parse.move": "move potřebuje počet políček od -3 do +3, např. move +2 nebo move -1",
    "why.wrong": "to není řešení: {why}",
    "why.not_yours": "dílek {piece} není vedle padlého symbolu (vaše dílky: {pieces})",
    "why.twice": "dílek {piece} je položen dvakrát; každý dílek se použije jednou",
    "why.orientation": "dílek {piece} má natočení 0-{last}, ne {o} (help je ukáže)",
    "why.outside": "dílek {piece}{o} na {r},{c} přesahuje světlou plochu (pole {cell})",
    "why.overlap": "dílky {a} a {b} se překrývají na {cell}",
    "why.uncovered": "pole {cells} nejsou zakrytá",
    "why.uncovered_missing": "pole {cells} nejsou zakrytá: dílek {pieces} není položen",
    "why.code": "žádný tah nemá kód {code} (kódy jsou 0-{last})",
    "why.no_race": "teď nemáte co skládat",
    "why.over": "hra skončila",
    "why.start_done": "figurky se stavějí jen na začátku hry",
    "why.not_mover": "teď táhne figurkou jen hráč, který je na řadě",
    "why.too_far": "move {delta} není možný: jako {place}. v pořadí můžete pohnout až o "
                   "{reach} políčka z políčka {field}, v rámci políček 1-6",
    "why.place_first": "nejdřív postavte figurku na červené políčko (start 1-6)",
    "why.race_over": "skládání skončilo: teď táhnou figurkami ti, kdo složili (move N)",
    "why.submitted": "v tomto kole jste už složili nebo to vzdali",
    "why.not_now": "{action} teď není možné",
    "colour.green": "zelené", "colour.red": "červené", "colour.blue": "modré",
    "colour.violet": "fialové", "colour.brown": "hnědé", "colour.yellow": "žluté",
    "symbol.mask": "maska", "symbol.elephant": "slon", "symbol.gazelle": "gazela",
    "symbol.shield": "oštěp a štít", "symbol.drum": "buben", "symbol.baobab": "baobab",
    "side.easy": "jednodušší strana (3 dílky)", "side.hard": "těžší strana (4 dílky)",
    "title": "Ubongo",
    "header": "kolo {round} z {rounds} · začínající hráč: místo {start} · {side} · "
              "{hourglass} · balíček {deck}",
    "hourglass.on": "přesýpací hodiny {timer} s",
    "hourglass.off": "bez přesýpacích hodin",
    "hint.untimed": "Napište `solve` s umístěním každého dílku (např. {example}) nebo `pass`. "
                    "Hraje se bez přesýpacích hodin: čas rozhoduje jen o pořadí. "
                    "`help` vysvětlí.",
    "phase.start": "Postavte figurky na červená políčka",
    "phase.race": "Skládá se: zakryjte světlou plochu karty dílky vedle symbolu {symbol}",
    "phase.gems": "Drahokamy: {place}. v pořadí (místo {seat}) táhne až o {reach} políčka",
    "phase.over": "Konec hry",
    "seat": "místo {seat}",
    "you": " (vy)",
    "legal.unlisted": ("Řešení se nevypisují: hádanku musíte vyřešit sami "
                       "(napište solve ..., viz help)."),
    "board.title": "Herní plán (řady drahokamů začínají u červených políček)",
    "board.field": "políčko",
    "board.row": "řada",
    "figures": "figurky",
    "gems.title": "Drahokamy",
    "col.seat": "Místo",
    "col.figure": "Políčko",
    "col.total": "Celkem",
    "col.sorted": "Seřazené počty",
    "col.race": "Skládání",
    "race.done": "hotovo",
    "race.racing": "skládá…",
    "race.time": "{time} s",
    "race.passed": "vzdal",
    "race.late": "pozdě ({time} s)",
    "web.start": "postavil(a) figurku na červené políčko {field}",
    "web.solve": "složil(a) kartu za {time} s",
    "web.pass": "vzdal(a) toto kolo",
    "web.right1": "posunul(a) figurku o 1 políčko doprava",
    "web.right": "posunul(a) figurku o {n} políčka doprava",
    "web.left1": "posunul(a) figurku o 1 políčko doleva",
    "web.left": "posunul(a) figurku o {n} políčka doleva",
    "web.stay": "nechal(a) figurku na jejím políčku",
    "card.title": "Vaše karta {number} · {side} · dílky vedle symbolu {symbol}: {pieces}",
    "card.other": "Místo {seat}: karta {number}, dílky {pieces}",
    "card.grid": "Světlá plocha (# zakrýt; řádky dolů, sloupce doprava)",
    "pieces.title": "Vaše dílky ve všech natočeních (písmeno+číslo = natočení)",
    "your.submission": "Odevzdali jste: {text}",
    "hint.race": "Napište `solve` s umístěním každého dílku (např. {example}) nebo `pass`. "
                 "Čas se přidá po stisku Enter; platí {timer} s (až {double} s, když v první "
                 "otočce přesýpacích hodin nikdo nesloží). `help` vysvětlí.",
    "hint.gems": "Napište `move N` (N od -{reach} do +{reach}); přední dva drahokamy té řady "
                 "jsou vaše.",
    "hint.start": "Napište `start N`, N od 1 do 6 (červená políčka zleva doprava).",
    "mover.option": "{move}: políčko {field} → {gems}",
    "mover.empty": "nic (řada je prázdná)",
    "last.title": "Kolo {round}: {symbol}",
    "last.hourglass2": "nikdo nesložil včas: přesýpací hodiny se otočily ještě jednou",
    "last.discarded": "nikdo nesložil: karty se odložily",
    "last.finish": "{place}. místo {seat} za {time} s",
    "last.move": "místo {seat}: políčko {src} → {dst}, vzal {gems}",
    "last.nothing": "nic",
    "last.notfinished": "nesložili: {seats}",
    "note": "Karty jsou vlastní hádanky Herny (RECONSTRUCTION: karty vydavatele nejsou "
            "nikde zveřejněny).",
    "end.title": "Drahokamy na konci",
    "end.winner": "Vítěz: {names}",
    "end.shared": "Dělené vítězství: {names} (stejné počty barev)",
    "end.first": "{winner} má nejvíce drahokamů jedné barvy ({count})",
    "end.place": "{winner} poráží {runner} v {place} nejpočetnější barvě ({a} > {b}), "
                 "předtím shoda",
    "end.alone": "{winner} je jediný hráč",
    "end.beats": "{winner} poráží {runner} v nejpočetnější barvě ({a} > {b})",
    "category": "{place} barva (počet)",
    "ordinal.1": "1.", "ordinal.2": "2.", "ordinal.3": "3.", "ordinal.4": "4.",
    "ordinal.5": "5.", "ordinal.6": "6.",
    "pad.title": "Ubongo: sčítání",
    "pad.ask_players": "Kolik hráčů",
    "pad.ask_name": "Jméno hráče {n}",
    "pad.ask_count": "{name}: {colour} drahokamy",
    "pad.rank": "Pořadí",
    "pad.player": "Hráč",
    "pad.bad_entry": "nerozumím {text!r}: zadejte šest počtů (zelené červené modré fialové "
                     "hnědé žluté) jako 6,4,2,2,2,2 nebo dvojice barva=počet jako green=6 red=4",
    "pad.bad_colour": "neznámá barva {name!r}: barvy jsou {colours}",
    "pad.bad_count": "{name}: {count} není počet 0-12",
    "pad.too_many": "{colour}: celkem {count} drahokamů, ale ve hře je jich jen 12",
    "pad.players": "Ubongo je pro 2-4 hráče, ne pro {n}",
    "pad.syntax": "JMÉNO:POČTY, počty v pořadí green,red,blue,violet,brown,yellow "
                  "(např. Ana:6,4,2,2,2,2) nebo jako barva=počet (Ana:green=6,red=4)",
    "pad.rule": "Vyhrává, kdo má nejvíce drahokamů jedné barvy; při shodě rozhoduje druhá "
                "nejpočetnější barva, pak třetí atd.",
}

SK: dict[str, str] = {
    "opt.side": "strana musí byť 'easy' (3 dieliky) alebo 'hard' (4 dieliky), nie {value!r}",
    "opt.timer": "timer musí byť 0 (bez presýpacích hodín) alebo celé sekundy od {lo} do "
                 "{hi}, nie {value!r}",
    "opt.all_cards_bool": "all_cards musí byť true alebo false, nie {value!r}",
    "opt.deck": "balíček kariet Ubongo {value!r} nemožno použiť: {why}",
    "opt.all_cards": "all_cards je variant pre 2 hráčov (18 kôl); vo 4 sa hrá so všetkými 36 "
                     "kartami tak či tak a v 3 s 27",
    "parse.empty": "napíšte ťah: solve ..., pass, start N alebo move N (help vysvetlí)",
    "parse.unknown": "nerozumiem {text!r}: napíšte `solve A0@0,0 C3@1,2 ... in 23.5`, `pass`, "
                     "`start 3` alebo `move +2` (help vysvetlí)",
    "parse.placement": "nerozumiem {token!r}: dielik je jeho písmeno, číslo natočenia, @ a "
                       "riadok,stĺpec ľavého horného rohu jeho rámčeka, napr. C3@1,2",
    "parse.time": "uveďte, kedy ste skončili: na koniec `in` a sekundy, napr. `... in 23.5`",
    "parse.time_bad": "{value!r} nie je čas v sekundách (napr. 23.5)",
    "parse.no_pieces": "uveďte svoje dieliky: solve A0@0,0 C3@1,2 ... in 23.5",
    "parse.start": "start potrebuje červené políčko 1-6, napr. start 3",
    "parse.move": "move potrebuje počet políčok od -3 do +3, napr. move +2 alebo move -1",
    "why.wrong": "to nie je riešenie: {why}",
    "why.not_yours": "dielik {piece} nie je vedľa padnutého symbolu (vaše dieliky: {pieces})",
    "why.twice": "dielik {piece} je položený dvakrát; každý dielik sa použije raz",
    "why.orientation": "dielik {piece} má natočenia 0-{last}, nie {o} (help ich ukáže)",
    "why.outside": "dielik {piece}{o} na {r},{c} presahuje svetlú plochu (pole {cell})",
    "why.overlap": "dieliky {a} a {b} sa prekrývajú na {cell}",
    "why.uncovered": "polia {cells} nie sú zakryté",
    "why.uncovered_missing": "polia {cells} nie sú zakryté: dielik {pieces} nie je položený",
    "why.code": "žiadny ťah nemá kód {code} (kódy sú 0-{last})",
    "why.no_race": "teraz nemáte čo skladať",
    "why.over": "hra skončila",
    "why.start_done": "figúrky sa stavajú len na začiatku hry",
    "why.not_mover": "teraz ťahá figúrkou len hráč, ktorý je na rade",
    "why.too_far": "move {delta} nie je možný: ako {place}. v poradí môžete pohnúť najviac o "
                   "{reach} políčka z políčka {field}, v rámci políčok 1-6",
    "why.place_first": "najprv postavte figúrku na červené políčko (start 1-6)",
    "why.race_over": "skladanie skončilo: teraz ťahajú figúrkami tí, čo poskladali (move N)",
    "why.submitted": "v tomto kole ste už poskladali alebo to vzdali",
    "why.not_now": "{action} teraz nie je možné",
    "colour.green": "zelené", "colour.red": "červené", "colour.blue": "modré",
    "colour.violet": "fialové", "colour.brown": "hnedé", "colour.yellow": "žlté",
    "symbol.mask": "maska", "symbol.elephant": "slon", "symbol.gazelle": "gazela",
    "symbol.shield": "oštep a štít", "symbol.drum": "bubon", "symbol.baobab": "baobab",
    "side.easy": "ľahšia strana (3 dieliky)", "side.hard": "ťažšia strana (4 dieliky)",
    "title": "Ubongo",
    "header": "kolo {round} z {rounds} · začínajúci hráč: miesto {start} · {side} · "
              "{hourglass} · balíček {deck}",
    "hourglass.on": "presýpacie hodiny {timer} s",
    "hourglass.off": "bez presýpacích hodín",
    "hint.untimed": "Napíšte `solve` s umiestnením každého dielika (napr. {example}) alebo "
                    "`pass`. Hrá sa bez presýpacích hodín: čas rozhoduje len o poradí. "
                    "`help` vysvetlí.",
    "phase.start": "Postavte figúrky na červené políčka",
    "phase.race": "Skladá sa: zakryte svetlú plochu karty dielikmi vedľa symbolu {symbol}",
    "phase.gems": "Drahokamy: {place}. v poradí (miesto {seat}) ťahá najviac o {reach} políčka",
    "phase.over": "Koniec hry",
    "seat": "miesto {seat}",
    "you": " (vy)",
    "legal.unlisted": ("Riešenia sa nevypisujú: hádanku musíte vyriešiť sami "
                       "(napíšte solve ..., pozri help)."),
    "board.title": "Herný plán (rady drahokamov začínajú pri červených políčkach)",
    "board.field": "políčko",
    "board.row": "rad",
    "figures": "figúrky",
    "gems.title": "Drahokamy",
    "col.seat": "Miesto",
    "col.figure": "Políčko",
    "col.total": "Spolu",
    "col.sorted": "Zoradené počty",
    "col.race": "Skladanie",
    "race.done": "hotovo",
    "race.racing": "skladá…",
    "race.time": "{time} s",
    "race.passed": "vzdal",
    "race.late": "neskoro ({time} s)",
    "web.start": "postavil(a) figúrku na červené políčko {field}",
    "web.solve": "poskladal(a) kartu za {time} s",
    "web.pass": "vzdal(a) toto kolo",
    "web.right1": "posunul(a) figúrku o 1 políčko doprava",
    "web.right": "posunul(a) figúrku o {n} políčka doprava",
    "web.left1": "posunul(a) figúrku o 1 políčko doľava",
    "web.left": "posunul(a) figúrku o {n} políčka doľava",
    "web.stay": "nechal(a) figúrku na jej políčku",
    "card.title": "Vaša karta {number} · {side} · dieliky vedľa symbolu {symbol}: {pieces}",
    "card.other": "Miesto {seat}: karta {number}, dieliky {pieces}",
    "card.grid": "Svetlá plocha (# zakryť; riadky nadol, stĺpce doprava)",
    "pieces.title": "Vaše dieliky vo všetkých natočeniach (písmeno+číslo = natočenie)",
    "your.submission": "Odovzdali ste: {text}",
    "hint.race": "Napíšte `solve` s umiestnením každého dielika (napr. {example}) alebo "
                 "`pass`. Čas sa pridá po stlačení Enter; platí {timer} s (až {double} s, keď "
                 "v prvom otočení presýpacích hodín nikto neposkladá). `help` vysvetlí.",
    "hint.gems": "Napíšte `move N` (N od -{reach} do +{reach}); predné dva drahokamy toho radu "
                 "sú vaše.",
    "hint.start": "Napíšte `start N`, N od 1 do 6 (červené políčka zľava doprava).",
    "mover.option": "{move}: políčko {field} → {gems}",
    "mover.empty": "nič (rad je prázdny)",
    "last.title": "Kolo {round}: {symbol}",
    "last.hourglass2": "nikto neposkladal včas: presýpacie hodiny sa otočili ešte raz",
    "last.discarded": "nikto neposkladal: karty sa odložili",
    "last.finish": "{place}. miesto {seat} za {time} s",
    "last.move": "miesto {seat}: políčko {src} → {dst}, vzal {gems}",
    "last.nothing": "nič",
    "last.notfinished": "neposkladali: {seats}",
    "note": "Karty sú vlastné hádanky Herne (RECONSTRUCTION: karty vydavateľa nie sú nikde "
            "zverejnené).",
    "end.title": "Drahokamy na konci",
    "end.winner": "Víťaz: {names}",
    "end.shared": "Delené víťazstvo: {names} (rovnaké počty farieb)",
    "end.first": "{winner} má najviac drahokamov jednej farby ({count})",
    "end.place": "{winner} porazí {runner} v {place} najpočetnejšej farbe ({a} > {b}), "
                 "predtým zhoda",
    "end.alone": "{winner} je jediný hráč",
    "end.beats": "{winner} porazí {runner} v najpočetnejšej farbe ({a} > {b})",
    "category": "{place} farba (počet)",
    "ordinal.1": "1.", "ordinal.2": "2.", "ordinal.3": "3.", "ordinal.4": "4.",
    "ordinal.5": "5.", "ordinal.6": "6.",
    "pad.title": "Ubongo: sčítanie",
    "pad.ask_players": "Koľko hráčov",
    "pad.ask_name": "Meno hráča {n}",
    "pad.ask_count": "{name}: {colour} drahokamy",
    "pad.rank": "Poradie",
    "pad.player": "Hráč",
    "pad.bad_entry": "nerozumiem {text!r}: zadajte šesť počtov (zelené červené modré fialové "
                     "hnedé žlté) ako 6,4,2,2,2,2 alebo dvojice farba=počet ako green=6 red=4",
    "pad.bad_colour": "neznáma farba {name!r}: farby sú {colours}",
    "pad.bad_count": "{name}: {count} nie je počet 0-12",
    "pad.too_many": "{colour}: spolu {count} drahokamov, ale v hre je ich len 12",
    "pad.players": "Ubongo je pre 2-4 hráčov, nie pre {n}",
    "pad.syntax": "MENO:POČTY, počty v poradí green,red,blue,violet,brown,yellow "
                  "(napr. Ana:6,4,2,2,2,2) alebo ako farba=počet (Ana:green=6,red=4)",
    "pad.rule": "Vyhráva, kto má najviac drahokamov jednej farby; pri zhode rozhoduje druhá "
                "najpočetnejšia farba, potom tretia atď.",
}

CATALOG = Catalog(EN, CS, SK)
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key


def hourglass(timer: int, lang: str | None = None) -> str:
    return t("hourglass.on", lang, timer=timer) if timer else t("hourglass.off", lang)


def colour_name(colour: str, lang: str | None = None) -> str:
    return CATALOG.word("colour", colour, lang)


def symbol_name(symbol: str, lang: str | None = None) -> str:
    return CATALOG.word("symbol", symbol, lang)


def category_name(category: str, lang: str | None = None) -> str:
    """The outcome's breakdown key count1: the largest colour count (count2.. name the
    next places of the tie-break)."""
    if category.startswith("count") and category[5:].isdigit():
        return t("category", lang, place=ordinal(int(category[5:]), lang))
    return category


def ordinal(n: int, lang: str | None = None) -> str:
    return CATALOG.word("ordinal", str(n), lang, f"{n}.")
