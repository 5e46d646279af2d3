"""The help text for Envyra's action notation, shown by `help` at the terminal prompt.

The commands (mark, move) and slot names (a1, b2, ...) are the same in every language; only
the explanations are translated. `help_text()` gives the current language, `HELP` English.
"""

from __future__ import annotations

from .i18n import lang_of

HELP = """\
ENVYRA - how to type your moves

The playing grid
  Slots are named by column letter and row number: a1 is the top-left slot, at the
  dark-red corner card; b1 is right of it, a2 below it. 2 players: a1-c3 (3x3),
  3 and 4 players: a1-d3 (3 rows, 4 columns).

Phase I - mark tiles on your board (in secret, everybody at once)
    mark b2           Put one die on your board, marking the tile in slot b2.
    mark a1 c3        Put two dice on your board, marking two different tiles.
  At least one die; with only one die in your supply you must mark one tile. In the
  simplified variant (--simple) everybody marks exactly one tile. Nobody sees your marks
  until all players have marked.

Phase II - move dice onto the tiles (snake order)
  First dice go clockwise from the start player, then the last player moves his second
  die at once and second dice go back counter-clockwise to the start player.
    move b2           With two dice on your board: move the die marking b2 first.
  A single die (or your second) moves by itself. A die whose tile was taken earlier this
  round goes back to your supply. A reserved tile (coloured icons) takes your die only if
  you already own tiles of those colours (2 orange + 1 green icons: 2 orange and 1 green
  tile); otherwise the die goes back to your supply.

Acquiring tiles
  When the dice on a tile reach its number, the tile goes to the player with the most dice
  there; among tied players, to the one whose die was placed there last. All its dice go
  back to their owners. Dice on unfinished tiles stay there between rounds; a player with
  no die left in supply takes all five back at the end of the round.

End of round: empty slots are refilled from the bag; the end tile enters only if somebody
owns a tile of every colour (else it goes back to the bag). The start player passes left.

End of game: A) somebody acquires the end tile (at once); B) only the end tile is left to
refill with and nobody may take it; C) at the end of a round somebody cannot move a die
onto any tile.

Scoring: stars on your tiles, plus sets of one theme with different symbols (2 symbols = 2,
3 = 4, 4 = 7; Herna finds your best sets), plus Equilibrium cards. Ties: most set points,
then the owner of the end tile, else shared.

At the prompt: `legal` lists your choices (type the number or the text), `view` redraws.
"""

HELP_CS = """\
ENVYRA - jak zapisovat tahy

Hrací plocha
  Místa mají jméno podle sloupce (písmeno) a řádku (číslo): a1 je levé horní místo u
  tmavočervené rohové karty, b1 vpravo od něj, a2 pod ním. 2 hráči: a1-c3 (3x3),
  3 a 4 hráči: a1-d3 (3 řádky, 4 sloupce).

Fáze I - označte dílky na své hráčské desce (tajně, všichni naráz)
    mark b2           Položte jednu kostku na desku: označuje dílek na místě b2.
    mark a1 c3        Položte dvě kostky: označují dva různé dílky.
  Aspoň jedna kostka; s jedinou kostkou v zásobě musíte označit jeden dílek. Ve
  zjednodušené variantě (--simple) označuje každý právě jeden dílek. Vaše označení nikdo
  nevidí, dokud neoznačí všichni.

Fáze II - přesun kostek na dílky (hadovité pořadí)
  První kostky po směru hodinových ručiček od začínajícího hráče, pak poslední hráč hned
  přesune druhou kostku a druhé kostky jdou zpět proti směru až k začínajícímu hráči.
    move b2           Se dvěma kostkami na desce: nejdřív přesuňte kostku z místa b2.
  Jediná (nebo druhá) kostka se přesune sama. Kostka, jejíž dílek už někdo v tomto kole
  získal, se vrací do zásoby. Na rezervovaný dílek (barevné ikonky) smíte kostku přesunout,
  jen když už máte dílky těch barev (2 oranžové + 1 zelená ikonka: 2 oranžové a 1 zelený
  dílek); jinak se kostka vrací do zásoby.

Získávání dílků
  Když počet kostek na dílku dosáhne jeho čísla, dílek získá hráč s nejvíce kostkami na
  něm; při shodě ten z nich, kdo tam svou kostku položil později. Kostky se vracejí
  majitelům. Kostky na nedokončených dílcích zůstávají i do dalších kol; hráč bez kostky v
  zásobě si na konci kola vezme všech pět zpět.

Konec kola: prázdná místa se doplní z pytlíku; koncový dílek přijde na plochu, jen když
někdo má dílek každé barvy (jinak se vrací do pytlíku). Začínající hráč se posune doleva.

Konec hry: A) někdo získá koncový dílek (ihned); B) k doplnění zbývá jen koncový dílek a
nikdo na něj nemá nárok; C) na konci kola někdo nemůže přesunout kostku na žádný dílek.

Bodování: hvězdy na dílcích, sady jedné barvy s různými symboly (2 symboly = 2, 3 = 4,
4 = 7; Herna najde nejlepší sady), karty Equilibrium. Shoda: víc bodů za sady, pak majitel
koncového dílku, jinak dělená výhra.

Na výzvě: `legal` vypíše možnosti (napište číslo nebo text), `view` překreslí.
"""

HELP_SK = """\
ENVYRA - ako zapisovať ťahy

Hracia plocha
  Miesta majú meno podľa stĺpca (písmeno) a riadku (číslo): a1 je ľavé horné miesto pri
  tmavočervenej rohovej karte, b1 vpravo od neho, a2 pod ním. 2 hráči: a1-c3 (3x3),
  3 a 4 hráči: a1-d3 (3 riadky, 4 stĺpce).

I. fáza - umiestnenie kociek na hráčsku dosku (skryte, všetci naraz)
    mark b2           Položte jednu kocku na dosku: označuje dielik na mieste b2.
    mark a1 c3        Položte dve kocky: označujú dva rôzne dieliky.
  Aspoň jedna kocka; s jedinou kockou v zásobe musíte označiť jeden dielik. V
  zjednodušenom variante (--simple) označuje každý práve jeden dielik. Vaše označenie
  nikto nevidí, kým neoznačia všetci.

II. fáza - premiestnenie kociek na dieliky (hadie poradie)
  Prvé kocky v smere hodinových ručičiek od začínajúceho hráča, potom posledný hráč hneď
  premiestni druhú kocku a druhé kocky idú späť proti smeru až k začínajúcemu hráčovi.
    move b2           S dvoma kockami na doske: najprv premiestnite kocku z miesta b2.
  Jediná (alebo druhá) kocka sa premiestni sama. Kocka, ktorej dielik už niekto v tomto
  kole získal, sa vracia do zásoby. Na vyhradený dielik (farebné ikonky) smiete kocku
  premiestniť, len ak už máte dieliky tých farieb (2 oranžové + 1 zelená ikonka: 2 oranžové
  a 1 zelený dielik); inak sa kocka vracia do zásoby.

Získavanie dielikov
  Keď počet kociek na dieliku dosiahne jeho číslo, dielik získa hráč s najviac kockami na
  ňom; pri zhode ten z nich, kto tam svoju kocku umiestnil neskôr. Kocky sa vracajú
  majiteľom. Kocky na nedokončených dielikoch zostávajú aj do ďalších kôl; hráč bez kocky
  v zásobe si na konci kola vezme všetkých päť späť.

Koniec kola: prázdne miesta sa doplnia z vrecka; koncový dielik príde na plochu, len ak
niekto má dielik každej farby (inak sa vracia do vrecka). Figúrka začínajúceho hráča ide
hráčovi naľavo.

Koniec hry: A) niekto získa koncový dielik (ihneď); B) na doplnenie zostáva len koncový
dielik a nikto naň nespĺňa podmienky; C) na konci kola niekto nemôže premiestniť kocku na
žiadny dielik.

Bodovanie: víťazné body v hviezdičkách, sady jednej témy s rôznymi symbolmi (2 symboly = 2,
3 = 4, 4 = 7; Herna nájde najlepšie sady), karty Equilibrium. Zhoda: viac bodov zo sád,
potom majiteľ koncového dielika, inak remíza.

Na výzve: `legal` vypíše možnosti (napíšte číslo alebo text), `view` prekreslí.
"""

HELPS = {"en": HELP, "cs": HELP_CS, "sk": HELP_SK}


def help_text(lang: str | None = None) -> str:
    """The notation help in `lang`, by default the current language (`herna.i18n`)."""
    return HELPS[lang_of(lang)]
