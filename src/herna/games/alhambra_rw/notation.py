"""The help text for Alhambra Roll & Write's action notation (`help` at the terminal prompt).

The commands are the same in every language (build, coins, adjust, second, end, keep; blue
and yellow); only the explanations are translated. `HELP` is the English text.
"""

from __future__ import annotations

from .i18n import lang_of

HELP = """\
ALHAMBRA ROLL & WRITE - how to type your moves

Cells and dice
  Rows of your sheet are the BLUE die (1-6, top to bottom), columns the YELLOW die
  (1-6, left to right). A cell is written blue,yellow: 3,5 is where blue 3 meets yellow 5.
  The player to act holds 4 dice: 2 blue and 2 yellow, so up to 4 intersections.

Your turn
  First, if you like, change dice (1 coin per pip, several dice and steps allowed):
    adjust blue 3 +2    the blue die showing 3 becomes 5 (2 coins); no 1<->6 wrap
    adjust yellow 6 -1  the yellow die showing 6 becomes 5 (1 coin)
  Then ONE action:
    build 3,5           build (cross out) the unbuilt building at blue 3 x yellow 5.
                        Your unused pair goes unchanged to your left neighbour and you
                        reroll the pair you used (solo: the unused pair stays with you).
    coins               gain 1 coin per built intersection of your 4 dice (0-4; cells
                        hit twice count twice), then reroll all 4 dice.
  After a build, if you have 3 coins and the two unused dice meet on an unbuilt cell:
    second 2,4          build it too (3 coins), then reroll all 4 dice
    end                 no second building: pass the unused pair on
  After coins or a second building (not solo), keep one pair and pass the other:
    keep 3,5            keep blue 3 and yellow 5; the other blue and yellow go to the left

Scoring
  Completing a type (all its boxes) pays its next free place at the end of the round;
  completers in the same round share. At the end: remaining places by count (players
  already paid are left out), rows and columns with 4/5/6 built = 2/5/10 VP, 1 VP per
  2 unspent coins.

Prompt commands
  legal    list every move you can make now, numbered: type the number or the text
  help     show this text (or ?)
  view     show the table again
  quit     leave the game (asks first)
"""

HELP_CS = """\
ALHAMBRA ROLL & WRITE - jak zapisovat tahy

Příkazy se ve všech jazycích píší stejně, anglicky:
  build, coins, adjust, second, end, keep; blue = modrá, yellow = žlutá.

Políčka a kostky
  Řádky vašeho listu jsou MODRÁ kostka (1-6 shora dolů), sloupce ŽLUTÁ kostka (1-6 zleva
  doprava). Políčko se píše modrá,žlutá: 3,5 je průsečík modré 3 a žluté 5.
  Hráč na tahu má 4 kostky: 2 modré a 2 žluté, tedy až 4 průsečíky.

Váš tah
  Nejdřív můžete měnit kostky (1 mince za 1 číslo, i více kostek a kroků):
    adjust blue 3 +2    modrá kostka s 3 ukáže 5 (2 mince); z 1 na 6 a naopak nelze
    adjust yellow 6 -1  žlutá kostka s 6 ukáže 5 (1 mince)
  Potom JEDNA akce:
    build 3,5           postavte (přeškrtněte) nepostavenou budovu na modré 3 x žluté 5.
                        Nepoužitou dvojici dáte beze změny sousedovi vlevo a použitou
                        dvojicí hodíte znovu (sólo: nepoužitá dvojice zůstává u vás).
    coins               1 mince za každý postavený průsečík vašich 4 kostek (0-4),
                        pak hodíte všemi 4 kostkami.
  Po stavbě, máte-li 3 mince a dvě nepoužité kostky ukazují na nepostavené políčko:
    second 2,4          postavte i ji (3 mince), pak hodíte všemi 4 kostkami
    end                 bez druhé budovy: nepoužitou dvojici předáte dál
  Po mincích nebo druhé budově (ne v sólu) si jednu dvojici necháte a druhou předáte:
    keep 3,5            necháte si modrou 3 a žlutou 5; zbylé dvě jdou sousedovi vlevo

Bodování
  Kdo vyplní všechna políčka typu, dostane na konci kola body za další volné místo;
  více hráčů v témže kole se dělí. Na konci: zbylá místa podle počtu budov (kdo už body
  dostal, se nepočítá), řádky a sloupce se 4/5/6 budovami = 2/5/10 VB, 1 VB za 2 mince.

Příkazy na výzvě
  legal    očíslovaný seznam všech možných tahů: napište číslo nebo text
  help     tato nápověda (nebo ?)
  view     znovu ukázat stůl
  quit     opustit hru (nejdřív se zeptá)
"""

HELP_SK = """\
ALHAMBRA ROLL & WRITE - ako zapisovať ťahy

Príkazy sa vo všetkých jazykoch píšu rovnako, anglicky:
  build, coins, adjust, second, end, keep; blue = modrá, yellow = žltá.

Políčka a kocky
  Riadky vášho hráčskeho listu sú MODRÁ kocka (1-6 zhora nadol), stĺpce ŽLTÁ kocka (1-6
  zľava doprava). Políčko sa píše modrá,žltá: 3,5 je priesečník modrej 3 a žltej 5.
  Aktívny hráč má na liste 4 kocky: 2 modré a 2 žlté, teda až 4 priesečníky.

Váš ťah
  Najprv môžete zmeniť hodnotu kociek (1 minca za 1 číslo, aj viac kociek a krokov):
    adjust blue 3 +2    modrá kocka s 3 ukáže 5 (2 mince); z 1 na 6 a naopak nie
    adjust yellow 6 -1  žltá kocka so 6 ukáže 5 (1 minca)
  Potom JEDNA akcia:
    build 3,5           postavte (preškrtnite) nepostavenú budovu na modrej 3 x žltej 5.
                        Nepoužitú dvojicu podáte bez zmeny susedovi po ľavici a použitými
                        kockami hodíte znova (sólo: nepoužitá dvojica zostáva u vás).
    coins               získať mince: 1 minca za každý postavený priesečník vašich 4
                        kociek (0-4), potom hodíte všetkými 4 kockami.
  Po stavbe, ak máte 3 mince a 2 nevyužité kocky ukazujú na nepostavené políčko:
    second 2,4          postavte aj ju (3 mince), potom hodíte všetkými 4 kockami
    end                 bez druhej budovy: nepoužitú dvojicu podáte ďalej
  Po získaní mincí alebo druhej budove (nie v sólo hre) si jednu dvojicu necháte:
    keep 3,5            necháte si modrú 3 a žltú 5; druhá dvojica ide susedovi po ľavici

Bodovanie
  Kto vyškrtne posledné voľné políčko budovy, získa na konci kola VB za ďalšie voľné
  miesto; viac hráčov v tom istom kole si ich delí. Na konci: zvyšné miesta podľa počtu
  budov (kto už VB dostal, nepočíta sa), rady a stĺpce so 4/5/6 budovami = 2/5/10 VB,
  1 VB za každé 2 nepoužité mince.

Príkazy na výzve
  legal    očíslovaný zoznam všetkých možných ťahov: napíšte číslo alebo text
  help     táto nápoveda (alebo ?)
  view     znova ukázať stôl
  quit     opustiť hru (najprv sa spýta)
"""

HELPS: dict[str, str] = {"en": HELP, "cs": HELP_CS, "sk": HELP_SK}


def help_text(lang: str | None = None) -> str:
    """The notation help in `lang`, by default the current language (`herna.i18n`)."""
    return HELPS[lang_of(lang)]
