"""The help text for Alhambra's action notation, shown by `help` at the terminal prompt.

It documents the canonical action texts (contract.md); the parser lives with the rules, this
is what a player reads to type them. `help_text()` gives it in the current language (en, cs,
sk; `herna.i18n`); the commands themselves (take, buy, place, ...; currency letters b g o y)
are the same in every language, only the explanations are translated. `HELP` stays the
English text for callers that read it directly.
"""

from __future__ import annotations

from herna.games.alhambra.i18n import lang_of

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

HELP_CS = """\
ALHAMBRA - jak zapisovat tahy

Příkazy se ve všech jazycích píší stejně, anglicky:
  take, buy, end, place, reserve, swap, dirk, pass (a legal, help, view, quit).

Peněžní karty
  Karta je písmeno měny a hodnota 1-9:
    b = modrý denár    g = zelený dirham    o = oranžový dukát    y = žlutý gulden
  Příklad: b7 je modrý denár v hodnotě 7. Pole 1-4 stavebního trhu se platí
  v tomto pořadí denáry, dirhamy, dukáty a guldeny.

Váš tah (kolo)
  Proveďte JEDNU akci:
    take b7           Vezměte si jednu vyloženou peněžní kartu libovolné hodnoty.
    take g2 y3        Nebo několik vyložených karet, jejichž součet je nejvýše 5
                      (měny lze míchat).
    buy 2 g4 g3       Kupte dlaždici z pole 2 stavebního trhu (1-4), placenou jen kartami
                      měny toho pole. Drobné se nevracejí; nabízejí se jen platby, z nichž
                      nelze žádnou kartu vynechat. Zaplatíte-li přesně, máte DALŠÍ akci
                      (nejvýše 5 akcí v jednom kole); přeplatek kolo ukončí.
    end               Po přesném nákupu: skončit, místo využití další akce (další akce
                      je právo, ne povinnost).
  Přestavba Alhambry (jedna akce, ukončí kolo):
    place 23 1,-2     Dlaždici 23 z rezervy postavte do Alhambry na x=1, y=-2.
    reserve 23        Dlaždici 23 z Alhambry vraťte na rezervní plochu.
    swap 12 33        Dlaždice 12 z rezervy nahradí dlaždici 33 v Alhambře na jejím místě;
                      dlaždice 33 jde na rezervní plochu.
    pass              Nabízí se, jen když nic jiného nejde.

Pokládání koupených dlaždic (konec kola)
  Každou dlaždici koupenou v tomto kole postavte nebo uložte, v libovolném pořadí:
    place 23 1,-2     Postavte dlaždici 23 na x=1, y=-2.
    reserve 23        Uložte dlaždici 23 na rezervní plochu (tam se nikdy neboduje).
    dirk 23           Jen ve dvou hráčích: dejte dlaždici 23 Dirkovi, neutrálnímu hráči.
  Potom se doplní stavební trh a vyložené peníze.

Souřadnice
  Vaše Lví fontána (startovní dlaždice) je na 0,0. x roste doprava, y roste DOLŮ:
    místo nad fontánou je 0,-1, pod ní 0,1, vlevo -1,0, vpravo 1,0.
  Na obrazovce je x nahoře a y vlevo; volná místa vedle vaší Alhambry ukazují
  své souřadnice. Pište je jako x,y bez mezery: place 23 -1,2

Obrazovka
  Typy budov: PAV = pavilon, SER = serail, ARK = arkády, KOM = komnaty, ZAH = zahrada,
  VĚŽ = věž, FON = Lví fontána. Zdi dlaždice: T = nahoře, R = vpravo, B = dole,
  L = vlevo, - = bez zdí.

Pravidla stavění
  Dlaždice se nikdy neotáčejí. Přiléhající strany musí souhlasit (zeď ke zdi, volno
  k volnu); do každé dlaždice musí jít dojít od fontány bez překročení zdi; nová
  dlaždice se dotýká Alhambry celou stranou; nesmí vzniknout uzavřené prázdné místo.

Bodování
  1. bodování, když se táhne bodovací karta A, 2. u karty B, 3. na konci hry:
  body za nejvíce budov každého typu (v Alhambře, ne na rezervní ploše) a 1 bod
  za každou stranu dlaždice vaší nejdelší vnější zdi.

Příkazy na výzvě
  legal    očíslovaný seznam všech možných tahů: napište číslo nebo text
  help     tato nápověda (nebo ?)
  view     znovu ukázat stůl
  quit     opustit hru (nejdřív se zeptá)
"""

HELP_SK = """\
ALHAMBRA - ako zapisovať ťahy

Príkazy sa vo všetkých jazykoch píšu rovnako, anglicky:
  take, buy, end, place, reserve, swap, dirk, pass (a legal, help, view, quit).

Peňažné karty
  Karta je písmeno meny a hodnota 1-9:
    b = modrý denár    g = zelený dirham    o = oranžový dukát    y = žltý gulden
  Príklad: b7 je modrý denár v hodnote 7. Polia 1-4 stavebného trhu sa platia
  v tomto poradí denármi, dirhamami, dukátmi a guldenmi.

Váš ťah (kolo)
  Vykonajte JEDNU akciu:
    take b7           Vezmite si jednu vyloženú peňažnú kartu ľubovoľnej hodnoty.
    take g2 y3        Alebo niekoľko vyložených kariet, ktorých súčet je najviac 5
                      (meny sa môžu miešať).
    buy 2 g4 g3       Kúpte dlaždicu z poľa 2 stavebného trhu (1-4), platenú len kartami
                      meny toho poľa. Drobné sa nevracajú; ponúkajú sa len platby, z ktorých
                      sa nedá vynechať žiadna karta. Ak zaplatíte presne, máte ĎALŠIU akciu
                      (najviac 5 akcií v jednom kole); preplatok kolo ukončí.
    end               Po presnom nákupe: skončiť namiesto využitia ďalšej akcie (ďalšia
                      akcia je právo, nie povinnosť).
  Prestavba Alhambry (jedna akcia, ukončí kolo):
    place 23 1,-2     Dlaždicu 23 z rezervy postavte do Alhambry na x=1, y=-2.
    reserve 23        Dlaždicu 23 z Alhambry vráťte na rezervnú plochu.
    swap 12 33        Dlaždica 12 z rezervy nahradí dlaždicu 33 v Alhambre na jej mieste;
                      dlaždica 33 ide na rezervnú plochu.
    pass              Ponúka sa, len keď nič iné nejde.

Kladenie kúpených dlaždíc (koniec kola)
  Každú dlaždicu kúpenú v tomto kole postavte alebo odložte, v ľubovoľnom poradí:
    place 23 1,-2     Postavte dlaždicu 23 na x=1, y=-2.
    reserve 23        Odložte dlaždicu 23 na rezervnú plochu (tam sa nikdy neboduje).
    dirk 23           Len v dvoch hráčoch: dajte dlaždicu 23 Dirkovi, neutrálnemu hráčovi.
  Potom sa doplní stavebný trh a vyložené peniaze.

Súradnice
  Vaša Levia fontána (štartovná dlaždica) je na 0,0. x rastie doprava, y rastie NADOL:
    miesto nad fontánou je 0,-1, pod ňou 0,1, vľavo -1,0, vpravo 1,0.
  Na obrazovke je x hore a y vľavo; voľné miesta vedľa vašej Alhambry ukazujú
  svoje súradnice. Píšte ich ako x,y bez medzery: place 23 -1,2

Obrazovka
  Typy budov: PAV = pavilón, PAL = palác, ARK = arkády, ZÁM = zámky, ZÁH = záhrada,
  VEŽ = veža, FON = Levia fontána. Múry dlaždice: T = hore, R = vpravo, B = dole,
  L = vľavo, - = bez múrov.

Pravidlá stavby
  Dlaždice sa nikdy neotáčajú. Priliehajúce strany musia súhlasiť (múr k múru, voľno
  k voľnu); ku každej dlaždici sa musí dať dôjsť od fontány bez prekročenia múru; nová
  dlaždica sa dotýka Alhambry celou stranou; nesmie vzniknúť uzavreté prázdne miesto.

Bodovanie
  1. bodovanie, keď sa ťahá bodovacia karta A, 2. pri karte B, 3. na konci hry:
  body za najviac budov každého typu (v Alhambre, nie na rezervnej ploche) a 1 bod
  za každú stranu dlaždice vášho najdlhšieho vonkajšieho múru.

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
