"""Alhambra Roll & Write's own words in English, Czech and Slovak: screen, help, refusals, pad.

The language is the CLI's (`herna.i18n.get_lang`: `--lang`, else HERNA_LANG, else English);
`t("key", **fields)` formats a message in it, or in `lang=` when given. Slovak follows the
seed rulebook (000): pavilón, palác, arkády, zámok, záhrada, veža; modrá a žltá kocka; mince
(zakrúžkované, preškrtnuté); postaviť budovu, získať mince; bodovací list; virtuálny hráč; VB.
Czech follows the Czech Alhambra rules (seed 004) for the building names: pavilon, serail,
arkády, komnaty, zahrada, věž. What players type (the notation) stays English everywhere.
"""

from __future__ import annotations

from herna.i18n import LANGUAGES as LANGUAGES
from herna.i18n import Catalog

EN: dict[str, str] = {
    "type.pavilion": "pavilion",
    "type.seraglio": "seraglio",
    "type.arcades": "arcades",
    "type.chambers": "chambers",
    "type.garden": "garden",
    "type.tower": "tower",
    "abbrev.pavilion": "PAV",
    "abbrev.seraglio": "SER",
    "abbrev.arcades": "ARC",
    "abbrev.chambers": "CHA",
    "abbrev.garden": "GAR",
    "abbrev.tower": "TOW",
    "colour.blue": "blue",
    "colour.yellow": "yellow",
    "nothing": "nothing",
    "and": " and ",
    # refusals (parsing)
    "why.code": "no action has code {code} (codes are 0..{last})",
    "why.no_action": "type an action: build B,Y / coins / adjust blue 3 +1 / second B,Y / "
                     "end / keep B,Y ('help' explains them)",
    "why.no_args": "`{verb}` takes nothing after it",
    "why.pair": "`{verb}` needs a blue die and a yellow die, like `{verb} 3,5` (blue 3, "
                "yellow 5), not {text!r}",
    "why.adjust_syntax": "write a die change as `adjust blue 3 +2` or `adjust yellow 5 -1` "
                         "(the die's colour, the value it shows, the pips), not {text!r}",
    "why.step_zero": "a die change must move the die by at least one pip",
    "why.wrap": "the {colour} die cannot go from {value} to {target}: dice show 1 to 6 and "
                "never wrap between 1 and 6",
    "why.unknown": "unknown action {verb!r}: the actions are build, coins, adjust, second, "
                   "end and keep ('help' explains them)",
    # refusals (rules)
    "why.dice_are": "your dice: blue {blue}; yellow {yellow}",
    "why.not_intersection": "{action} is not where one of your blue dice meets one of your "
                            "yellow dice ({dice})",
    "why.built": "the {type} at blue {b}, yellow {y} is already built; build at another "
                 "intersection or take coins",
    "why.no_die": "no {colour} die on your sheet shows {value} ({dice})",
    "why.coins_short": "{action} costs {cost} coin(s) and you have {have}",
    "why.build_first": "{action} comes only after you have built this turn",
    "why.keep_later": "{action}: you choose a pair to keep only after taking coins or a "
                      "second building",
    "why.second_cell": "the second building must stand where the two unused dice meet: "
                       "second {b},{y}",
    "why.in_second": "you have built this turn: now `second {b},{y}` (3 coins) or `end`, "
                     "not {action}",
    "why.no_pair": "{action}: you must keep one blue and one yellow die from your roll "
                   "({dice})",
    "why.in_keep": "first choose the pair you keep (keep B,Y), not {action}",
    "why.not_now": "{action} is not possible now",
    # the terminal screen and the SVG picture
    "title": "Alhambra Roll & Write",
    "round": "round {round}/{rounds}",
    "phase.turn": "build or take coins (dice may be changed first)",
    "phase.second": "second building or end",
    "phase.keep": "keep a pair of dice",
    "phase.over": "game over",
    "start_player": "start player: seat {seat} (every round)",
    "mode.virtual": "virtual players: {n} (they score nothing but take places)",
    "mode.vs_virtual": "against {n} virtual players (building VP + {bonus} bonus each)",
    "reconstruction": "Sheet data: grid {grid}, box counts {boxes}, coin track {track} "
                      "(placeholders until a real sheet is checked)",
    "seat": "Seat {seat}",
    "you": " (you)",
    "virtual_name": "Virtual {name}",
    "coins": "Coins",
    "coins.balance": "{balance} to spend ({circled} circled, {crossed} crossed, track {track})",
    "lines": "rows and columns now: {points} VP",
    "sheet.title": "Score sheet",
    "sheet.player": "Player",
    "sheet.places_left": "places left",
    "award.one": "round {round}: {who} completed {type}: {places} place, {share} VP",
    "award.shared": "round {round}: {who} completed {type} together: {places} places shared, "
                    "{share} VP each",
    "virtual.built": "{who} rolled {b},{y}: {type}",
    "virtual.rerolled": "{who} rolled {rerolled} (type complete: rerolled), then {b},{y}: "
                        "{type}",
    "last_coins": "{who} took coins: {gained} built intersections, {circled} circled",
    "second.offer": "second building possible: `second {b},{y}` (3 coins) or `end`",
    "keep.offer": "keep one blue and one yellow die (`keep B,Y`); the other pair goes left",
    "outcome.title": "Final scoring",
    "outcome.score": "Total",
    "cat.lines": "rows & columns",
    "cat.coins": "coins",
    "vs.won": "You beat the virtual players!",
    "vs.shared": "You tied with the best virtual player: a shared win.",
    "vs.lost": "The virtual players won this time.",
    "hint.line": "▶ {who}: {cells}; `coins` would gain {coins}",
    "hint.free": "build {b},{y} {type}",
    "hint.built": "{b},{y} {type} (built)",
    # the score pad
    "cat.bonus": "bonus",
    "pad.title": "Alhambra Roll & Write: final scoring",
    "pad.early_one": "{who} took {places} during play: {share}",
    "pad.early": "{who} shared {places} during play: {split} = {share} each",
    "pad.final_one": "{who} → {places}: {share}",
    "pad.final": "{who} share {places}: {split} = {share} each",
    "pad.no_place": "{who}: no place left",
    "pad.lost": "{who}'s {points} are lost (virtual player)",
    "pad.nobody": "nobody built any",
    "pad.virtual_note": "* virtual player: takes places, scores nothing (unless --vs-virtual)",
    "pad.winner": "Winner: {who} with {total} VP",
    "pad.winners": "Shared win: {who} with {total} VP",
    "pad.default_name": "Player {seat}",
    "pad.ask.players": "How many players?",
    "pad.ask.name": "Name of player {seat}",
    "pad.ask.counts": "{name}: crosses per type, coins and grid or lines "
                      "(e.g. tower=5 garden=3 coins=3 lines=5,4)",
    "pad.ask.virtual": "How many virtual players?",
    "pad.ask.virtual_counts": "{name} (virtual player): crosses per type "
                              "(e.g. tower=5 garden=3)",
    "pad.ask.paid_help": "Places awarded during play: one type per line, e.g. "
                         "'tower: Ani=1' (empty line to finish)",
    "pad.ask.paid": "Awarded",
    "pad.err.count": "{who}: {key}={value!r} is not a whole number",
    "pad.err.grid": "{who}: grid must be 6 rows of 6 marks (x built, . not) split by /, "
                    "not {text!r}",
    "pad.err.player": "{spec!r}: write {syntax}",
    "pad.err.token": "{who}: {token!r} is not key=value",
    "pad.err.too_many": "{who}: {n} {type} crosses, but the row has only {most} boxes",
    "pad.err.coins": "{who}: {n} unspent coins, but the track has only {most}",
    "pad.err.lines": "{who}: lines={text!r} must list line sizes 4-6, e.g. lines=6,5,4",
    "pad.err.key": "{who}: unknown {key!r}; known: {known}",
    "pad.err.grid_total": "{who}: the grid has {built} built cells but the score sheet "
                          "{crosses} crosses; they must be equal",
    "pad.err.paid": "{spec!r}: write TYPE: NAME=PLACE ..., e.g. 'tower: Ani=1'",
    "pad.err.paid_token": "{token!r}: write NAME=PLACE with a player's name ({names})",
    "pad.err.paid_twice": "{type} is given twice in --paid",
    "pad.err.not_complete": "{who} cannot have been paid for {type} during play: that needs "
                            "all {boxes} boxes crossed",
    "pad.err.players": "1-5 players and at most 5 rows in all (got {n} players, {total} rows)",
    "pad.err.same_name": "two players have the same name",
    "pad.err.vs": "--vs-virtual needs 2, 3 or 4 virtual players",
    # the move log in the browser (web.describe); the server puts the seat first
    "web.build": "built the {type} at blue {b}, yellow {y}",
    "web.second": "built a second building, the {type} at blue {b}, yellow {y} ({cost})",
    "web.coins": "took coins",
    "web.end": "built no second building",
    "web.keep": "kept blue {b} and yellow {y} and passed the other pair on",
    "web.adjust": "turned {die} from {value} to {target} ({cost})",
    "web.die.blue": "a blue die",
    "web.die.yellow": "a yellow die",
    "web.coins.1": "{n} coin",
    "web.coins.2": "{n} coins",
    "web.coins.5": "{n} coins",
}

CS: dict[str, str] = {
    "type.pavilion": "pavilon",
    "type.seraglio": "serail",
    "type.arcades": "arkády",
    "type.chambers": "komnaty",
    "type.garden": "zahrada",
    "type.tower": "věž",
    "abbrev.pavilion": "PAV",
    "abbrev.seraglio": "SER",
    "abbrev.arcades": "ARK",
    "abbrev.chambers": "KOM",
    "abbrev.garden": "ZAH",
    "abbrev.tower": "VĚŽ",
    "colour.blue": "modrá",
    "colour.yellow": "žlutá",
    "nothing": "nic",
    "and": " a ",
    "why.code": "žádný tah nemá kód {code} (kódy jsou 0..{last})",
    "why.no_action": "napište tah: build B,Y / coins / adjust blue 3 +1 / second B,Y / end / "
                     "keep B,Y ('help' je vysvětlí)",
    "why.no_args": "za `{verb}` se nic nepíše",
    "why.pair": "`{verb}` potřebuje modrou a žlutou kostku, např. `{verb} 3,5` (modrá 3, "
                "žlutá 5), ne {text!r}",
    "why.adjust_syntax": "změnu kostky pište jako `adjust blue 3 +2` nebo `adjust yellow 5 -1` "
                         "(barva kostky, hodnota na ní, o kolik), ne {text!r}",
    "why.step_zero": "změna kostky ji musí posunout aspoň o jedno číslo",
    "why.wrap": "kostka ({colour}) nemůže jít z {value} na {target}: kostky ukazují 1 až 6 "
                "a mezi 1 a 6 se nepřetáčí",
    "why.unknown": "neznámý tah {verb!r}: tahy jsou build, coins, adjust, second, end a keep "
                   "('help' je vysvětlí)",
    "why.dice_are": "vaše kostky: modré {blue}; žluté {yellow}",
    "why.not_intersection": "{action} neleží na průsečíku vaší modré a žluté kostky ({dice})",
    "why.built": "budova {type} na modré {b}, žluté {y} už je postavená; stavte na jiném "
                 "průsečíku nebo si vezměte mince",
    "why.no_die": "na vašem listu žádná kostka ({colour}) neukazuje {value} ({dice})",
    "why.coins_short": "{action} stojí {cost} minci/mince a vy máte {have}",
    "why.build_first": "{action} přichází až poté, co jste v tomto tahu stavěli",
    "why.keep_later": "{action}: dvojici kostek si vybíráte až po získání mincí nebo po "
                      "druhé budově",
    "why.second_cell": "druhá budova musí stát na průsečíku dvou nepoužitých kostek: "
                       "second {b},{y}",
    "why.in_second": "v tomto tahu jste stavěli: teď `second {b},{y}` (3 mince) nebo `end`, "
                     "ne {action}",
    "why.no_pair": "{action}: ponecháváte si jednu modrou a jednu žlutou ze svého hodu "
                   "({dice})",
    "why.in_keep": "nejdřív vyberte dvojici, kterou si necháte (keep B,Y), ne {action}",
    "why.not_now": "{action} teď není možné",
    "title": "Alhambra Roll & Write",
    "round": "kolo {round}/{rounds}",
    "phase.turn": "stavět nebo vzít mince (předtím lze měnit kostky)",
    "phase.second": "druhá budova nebo konec",
    "phase.keep": "vybrat si dvojici kostek",
    "phase.over": "konec hry",
    "start_player": "začínající hráč: místo {seat} (každé kolo)",
    "mode.virtual": "virtuální hráči: {n} (nebodují, ale zabírají místa)",
    "mode.vs_virtual": "proti {n} virtuálním hráčům (body za budovy + bonus {bonus})",
    "reconstruction": "Data listu: mřížka {grid}, počty políček {boxes}, zásoba mincí {track} "
                      "(zástupné hodnoty, dokud je neověří skutečný list)",
    "seat": "Místo {seat}",
    "you": " (vy)",
    "virtual_name": "Virtuální {name}",
    "coins": "Mince",
    "coins.balance": "k utracení {balance} (zakroužkováno {circled}, přeškrtnuto {crossed}, "
                     "zásoba {track})",
    "lines": "řady a sloupce teď: {points} VB",
    "sheet.title": "Bodovací list",
    "sheet.player": "Hráč",
    "sheet.places_left": "zbylá místa",
    "award.one": "kolo {round}: {who} dokončil(a) {type}: {places} místo, {share} VB",
    "award.shared": "kolo {round}: {who} dokončili {type} společně: dělí se o místa {places}, "
                    "každý {share} VB",
    "virtual.built": "{who} hodil {b},{y}: {type}",
    "virtual.rerolled": "{who} hodil {rerolled} (typ je plný: hází znovu), pak {b},{y}: {type}",
    "last_coins": "{who} bral(a) mince: postavené průsečíky {gained}, zakroužkováno {circled}",
    "second.offer": "lze postavit druhou budovu: `second {b},{y}` (3 mince) nebo `end`",
    "keep.offer": "nechte si jednu modrou a jednu žlutou kostku (`keep B,Y`); druhá dvojice "
                  "jde doleva",
    "outcome.title": "Závěrečné bodování",
    "outcome.score": "Celkem",
    "cat.lines": "řady a sloupce",
    "cat.coins": "mince",
    "vs.won": "Porazili jste virtuální hráče!",
    "vs.shared": "Remíza s nejlepším virtuálním hráčem: dělené vítězství.",
    "vs.lost": "Tentokrát vyhráli virtuální hráči.",
    "hint.line": "▶ {who}: {cells}; `coins` by dalo {coins}",
    "hint.free": "build {b},{y} {type}",
    "hint.built": "{b},{y} {type} (postaveno)",
    "cat.bonus": "bonus",
    "pad.title": "Alhambra Roll & Write: závěrečné bodování",
    "pad.early_one": "{who} získal(a) během hry {places} místo: {share}",
    "pad.early": "{who} se během hry dělili o místa {places}: {split} = {share} každý",
    "pad.final_one": "{who} → {places} místo: {share}",
    "pad.final": "{who} se dělí o místa {places}: {split} = {share} každý",
    "pad.no_place": "{who}: žádné místo nezbylo",
    "pad.lost": "{points} VB virtuálního hráče {who} propadá",
    "pad.nobody": "nikdo nic nepostavil",
    "pad.virtual_note": "* virtuální hráč: zabírá místa, nic nezíská (kromě --vs-virtual)",
    "pad.winner": "Vítěz: {who} s {total} VB",
    "pad.winners": "Dělené vítězství: {who} s {total} VB",
    "pad.default_name": "Hráč {seat}",
    "pad.ask.players": "Kolik je hráčů?",
    "pad.ask.name": "Jméno hráče {seat}",
    "pad.ask.counts": "{name}: křížky podle typu, mince a mřížka nebo řady "
                      "(např. tower=5 garden=3 coins=3 lines=5,4)",
    "pad.ask.virtual": "Kolik je virtuálních hráčů?",
    "pad.ask.virtual_counts": "{name} (virtuální hráč): křížky podle typu "
                              "(např. tower=5 garden=3)",
    "pad.ask.paid_help": "Místa udělená během hry: jeden typ na řádek, např. "
                         "'tower: Ani=1' (prázdný řádek ukončí)",
    "pad.ask.paid": "Uděleno",
    "pad.err.count": "{who}: {key}={value!r} není celé číslo",
    "pad.err.grid": "{who}: mřížka je 6 řad po 6 znacích (x postaveno, . ne) oddělených /, "
                    "ne {text!r}",
    "pad.err.player": "{spec!r}: pište {syntax}",
    "pad.err.token": "{who}: {token!r} nemá tvar klíč=hodnota",
    "pad.err.too_many": "{who}: {n} křížků u typu {type}, ale řádek má jen {most} políček",
    "pad.err.coins": "{who}: {n} nevyužitých mincí, ale zásoba má jen {most}",
    "pad.err.lines": "{who}: lines={text!r} musí vypsat velikosti řad 4-6, např. lines=6,5,4",
    "pad.err.key": "{who}: neznámé {key!r}; známé: {known}",
    "pad.err.grid_total": "{who}: mřížka má {built} postavených políček, ale bodovací list "
                          "{crosses} křížků; musí se rovnat",
    "pad.err.paid": "{spec!r}: pište TYP: JMÉNO=MÍSTO ..., např. 'tower: Ani=1'",
    "pad.err.paid_token": "{token!r}: pište JMÉNO=MÍSTO se jménem hráče ({names})",
    "pad.err.paid_twice": "{type} je v --paid dvakrát",
    "pad.err.not_complete": "{who} nemohl(a) během hry dostat body za {type}: k tomu musí "
                            "mít přeškrtnutých všech {boxes} políček",
    "pad.err.players": "1-5 hráčů a celkem nejvýše 5 řádků (zadáno {n} hráčů, {total} řádků)",
    "pad.err.same_name": "dva hráči mají stejné jméno",
    "pad.err.vs": "--vs-virtual potřebuje 2, 3 nebo 4 virtuální hráče",
    # tahy v prohlížeči (web.describe): přítomný čas, bez rodu hráče
    "web.build": "staví na modré {b}, žluté {y}: {type}",
    "web.second": "staví druhou budovu na modré {b}, žluté {y}: {type} ({cost})",
    "web.coins": "bere mince",
    "web.end": "nestaví druhou budovu",
    "web.keep": "nechává si modrou {b} a žlutou {y}, druhou dvojici předává dál",
    "web.adjust": "mění {die} z {value} na {target} ({cost})",
    "web.die.blue": "modrou kostku",
    "web.die.yellow": "žlutou kostku",
    "web.coins.1": "{n} mince",
    "web.coins.2": "{n} mince",
    "web.coins.5": "{n} mincí",
}

SK: dict[str, str] = {
    "type.pavilion": "pavilón",
    "type.seraglio": "palác",
    "type.arcades": "arkády",
    "type.chambers": "zámok",
    "type.garden": "záhrada",
    "type.tower": "veža",
    "abbrev.pavilion": "PAV",
    "abbrev.seraglio": "PAL",
    "abbrev.arcades": "ARK",
    "abbrev.chambers": "ZÁM",
    "abbrev.garden": "ZÁH",
    "abbrev.tower": "VEŽ",
    "colour.blue": "modrá",
    "colour.yellow": "žltá",
    "nothing": "nič",
    "and": " a ",
    "why.code": "žiadny ťah nemá kód {code} (kódy sú 0..{last})",
    "why.no_action": "napíšte ťah: build B,Y / coins / adjust blue 3 +1 / second B,Y / end / "
                     "keep B,Y ('help' ich vysvetlí)",
    "why.no_args": "za `{verb}` sa nič nepíše",
    "why.pair": "`{verb}` potrebuje modrú a žltú kocku, napr. `{verb} 3,5` (modrá 3, "
                "žltá 5), nie {text!r}",
    "why.adjust_syntax": "zmenu kocky píšte ako `adjust blue 3 +2` alebo `adjust yellow 5 -1` "
                         "(farba kocky, hodnota na nej, o koľko), nie {text!r}",
    "why.step_zero": "zmena hodnoty kocky ju musí posunúť aspoň o jedno číslo",
    "why.wrap": "kocka ({colour}) nemôže ísť z {value} na {target}: nie je povolené zmeniť "
                "hodnotu kocky s číslom 1 na 6 a naopak",
    "why.unknown": "neznámy ťah {verb!r}: ťahy sú build, coins, adjust, second, end a keep "
                   "('help' ich vysvetlí)",
    "why.dice_are": "vaše kocky: modré {blue}; žlté {yellow}",
    "why.not_intersection": "{action} nie je priesečník vašej modrej a žltej kocky ({dice})",
    "why.built": "budova {type} na priesečníku modrej {b} a žltej {y} už je postavená; "
                 "vyberte iný priesečník alebo získajte mince",
    "why.no_die": "na vašom hráčskom liste žiadna kocka ({colour}) neukazuje {value} ({dice})",
    "why.coins_short": "{action} stojí {cost} mincí a vy máte {have}",
    "why.build_first": "{action} je možné až potom, čo ste v tomto ťahu postavili budovu",
    "why.keep_later": "{action}: dvojicu kociek si vyberáte až po získaní mincí alebo po "
                      "stavbe dvoch budov",
    "why.second_cell": "druhá budova musí byť na priesečníku 2 zatiaľ nevyužitých kociek: "
                       "second {b},{y}",
    "why.in_second": "v tomto ťahu ste už stavali: teraz `second {b},{y}` (3 mince) alebo "
                     "`end`, nie {action}",
    "why.no_pair": "{action}: ponecháte si jednu dvojicu (žltú a modrú kocku) zo svojho hodu "
                   "({dice})",
    "why.in_keep": "najprv vyberte dvojicu kociek, ktorú si necháte (keep B,Y), nie {action}",
    "why.not_now": "{action} teraz nie je možné",
    "title": "Alhambra Roll & Write",
    "round": "kolo {round}/{rounds}",
    "phase.turn": "postaviť budovu alebo získať mince (predtým možno zmeniť kocky)",
    "phase.second": "druhá budova alebo koniec",
    "phase.keep": "vybrať si dvojicu kociek",
    "phase.over": "koniec hry",
    "start_player": "začínajúci hráč: miesto {seat} (každé kolo)",
    "mode.vs_virtual": "proti {n} virtuálnym hráčom (VB za budovy + {bonus} bonusových bodov)",
    "mode.virtual": "virtuálni hráči: {n} (nezískavajú body, ale zaberajú miesta)",
    "reconstruction": "Údaje listu: mriežka {grid}, počty políčok {boxes}, zásoba mincí "
                      "{track} (zástupné hodnoty, kým ich neoverí skutočný list)",
    "seat": "Miesto {seat}",
    "you": " (vy)",
    "virtual_name": "Virtuálny {name}",
    "coins": "Mince",
    "coins.balance": "na minutie {balance} (zakrúžkované {circled}, preškrtnuté {crossed}, "
                     "zásoba {track})",
    "lines": "rady a stĺpce teraz: {points} VB",
    "sheet.title": "Bodovací list",
    "sheet.player": "Hráč",
    "sheet.places_left": "zvyšné miesta",
    "award.one": "kolo {round}: {who} vyškrtal(a) všetky políčka {type}: {places} miesto, "
                 "{share} VB",
    "award.shared": "kolo {round}: {who} vyškrtali {type} v rovnakom kole: delia sa o miesta "
                    "{places}, každý {share} VB",
    "virtual.built": "{who} hodil {b},{y}: {type}",
    "virtual.rerolled": "{who} hodil {rerolled} (typ už má celý vyškrtaný: hádže znova), "
                        "potom {b},{y}: {type}",
    "last_coins": "{who} získal(a) mince: postavené priesečníky {gained}, zakrúžkované "
                  "{circled}",
    "second.offer": "možno postaviť druhú budovu: `second {b},{y}` (3 mince) alebo `end`",
    "keep.offer": "nechajte si jednu dvojicu (modrú a žltú kocku, `keep B,Y`); druhú dostane "
                  "sused po ľavici",
    "outcome.title": "Záverečné bodovanie",
    "outcome.score": "Spolu",
    "cat.lines": "rady a stĺpce",
    "cat.coins": "mince",
    "vs.won": "Porazili ste virtuálnych hráčov!",
    "vs.shared": "Remíza s najlepším virtuálnym hráčom: podelené víťazstvo.",
    "vs.lost": "Tentoraz vyhrali virtuálni hráči.",
    "hint.line": "▶ {who}: {cells}; `coins` by dalo {coins}",
    "hint.free": "build {b},{y} {type}",
    "hint.built": "{b},{y} {type} (postavené)",
    "cat.bonus": "bonus",
    "pad.title": "Alhambra Roll & Write: záverečné bodovanie",
    "pad.early_one": "{who} získal(a) počas hry {places} miesto: {share}",
    "pad.early": "{who} sa počas hry delili o miesta {places}: {split} = {share} každý",
    "pad.final_one": "{who} → {places} miesto: {share}",
    "pad.final": "{who} sa delia o miesta {places}: {split} = {share} každý",
    "pad.no_place": "{who}: žiadne miesto nezostalo",
    "pad.lost": "{points} VB virtuálneho hráča {who} prepadá",
    "pad.nobody": "nikto nič nepostavil",
    "pad.virtual_note": "* virtuálny hráč: zaberá miesta, nezískava body (okrem --vs-virtual)",
    "pad.winner": "Víťaz: {who} s {total} VB",
    "pad.winners": "Podelené víťazstvo: {who} s {total} VB",
    "pad.default_name": "Hráč {seat}",
    "pad.ask.players": "Koľko je hráčov?",
    "pad.ask.name": "Meno hráča {seat}",
    "pad.ask.counts": "{name}: krížiky podľa typu, mince a mriežka alebo rady "
                      "(napr. tower=5 garden=3 coins=3 lines=5,4)",
    "pad.ask.virtual": "Koľko je virtuálnych hráčov?",
    "pad.ask.virtual_counts": "{name} (virtuálny hráč): krížiky podľa typu "
                              "(napr. tower=5 garden=3)",
    "pad.ask.paid_help": "Miesta pridelené počas hry: jeden typ na riadok, napr. "
                         "'tower: Ani=1' (prázdny riadok ukončí)",
    "pad.ask.paid": "Pridelené",
    "pad.err.count": "{who}: {key}={value!r} nie je celé číslo",
    "pad.err.grid": "{who}: mriežka je 6 radov po 6 znakoch (x postavené, . nie) oddelených /, "
                    "nie {text!r}",
    "pad.err.player": "{spec!r}: píšte {syntax}",
    "pad.err.token": "{who}: {token!r} nemá tvar kľúč=hodnota",
    "pad.err.too_many": "{who}: {n} krížikov pri type {type}, ale riadok má len {most} políčok",
    "pad.err.coins": "{who}: {n} nepoužitých mincí, ale zásoba má len {most}",
    "pad.err.lines": "{who}: lines={text!r} musí vypísať veľkosti radov 4-6, napr. lines=6,5,4",
    "pad.err.key": "{who}: neznáme {key!r}; známe: {known}",
    "pad.err.grid_total": "{who}: mriežka má {built} postavených políčok, ale bodovací list "
                          "{crosses} krížikov; musia sa rovnať",
    "pad.err.paid": "{spec!r}: píšte TYP: MENO=MIESTO ..., napr. 'tower: Ani=1'",
    "pad.err.paid_token": "{token!r}: píšte MENO=MIESTO s menom hráča ({names})",
    "pad.err.paid_twice": "{type} je v --paid dvakrát",
    "pad.err.not_complete": "{who} nemohol/nemohla počas hry dostať VB za {type}: na to musí "
                            "mať vyškrtaných všetkých {boxes} políčok",
    "pad.err.players": "1-5 hráčov a spolu najviac 5 riadkov (zadané {n} hráčov, {total} "
                       "riadkov)",
    "pad.err.same_name": "dvaja hráči majú rovnaké meno",
    "pad.err.vs": "--vs-virtual potrebuje 2, 3 alebo 4 virtuálnych hráčov",
    # ťahy v prehliadači (web.describe): prítomný čas, bez rodu hráča
    "web.build": "stavia na modrej {b}, žltej {y}: {type}",
    "web.second": "stavia druhú budovu na modrej {b}, žltej {y}: {type} ({cost})",
    "web.coins": "získava mince",
    "web.end": "nestavia druhú budovu",
    "web.keep": "necháva si modrú {b} a žltú {y}, druhú dvojicu podáva ďalej",
    "web.adjust": "mení {die} z {value} na {target} ({cost})",
    "web.die.blue": "modrú kocku",
    "web.die.yellow": "žltú kocku",
    "web.coins.1": "{n} minca",
    "web.coins.2": "{n} mince",
    "web.coins.5": "{n} mincí",
}

CATALOG = Catalog(EN, CS, SK)
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key
ordinal = CATALOG.ordinal  # 1st, 2nd (en); 1., 2. (cs, sk)
join_names = CATALOG.join_names  # "Kim, Nina and Ola"


def type_name(kind: str, lang: str | None = None) -> str:
    return CATALOG.word("type", kind, lang)


def type_abbrev(kind: str, lang: str | None = None) -> str:
    return CATALOG.word("abbrev", kind, lang, kind[:3].upper())


def colour_word(colour: int, lang: str | None = None) -> str:
    """The die colour: 0 blue, 1 yellow."""
    return t("colour.yellow" if colour else "colour.blue", lang)
