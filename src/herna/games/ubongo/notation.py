"""The help text for Ubongo's action notation, shown by `help` at the terminal prompt.

`help_text()` gives it in the current language with every piece drawn in each orientation,
numbered as the notation numbers them (index 0 is the piece as drawn in the data table); the
commands themselves (solve, pass, start, move, the letters A-L) are the same in every
language. `HELP` is the English text without the drawings, for callers that read it directly.
"""

from __future__ import annotations

from .i18n import lang_of
from .pieces import PIECES, orientations

HELP = """\
UBONGO - how to type your moves

Before the first round
  start 3      Put your figure on red start field 3 (fields 1-6, left to
               right). Several figures may share a field.

The race (everyone at once, against the hourglass)
  Cover your card's light area exactly with the pieces beside the rolled
  symbol, each piece once; pieces may be turned and flipped.
  solve A0@0,0 C3@1,2 K1@2,0
               One entry per piece: its letter, the number of its
               orientation (drawn below), @, and the row,col where the
               top-left corner of that drawing's box goes on the card's
               grid (rows down from 0, columns right from 0, as the grid on
               screen is numbered). The time you took is added when you
               press Enter ("... in 23.5" seconds).
  pass         Give up this round: no movement, no gems.
  A wrong solution is refused with the reason; fix it and type it again
  while the sand runs. Times beyond the hourglass do not count; if nobody
  finishes in time the hourglass is turned once more, and if still nobody
  finishes the cards are discarded.

After the race, in finishing order
  move +2      The 1st finisher moves 0-3 fields, the 2nd 0-2, the 3rd 0-1,
  move -1      the 4th stays: + is right, - is left, move 0 stays. Then the
  move 0       two front gems of that row are yours (first come, first
               served).

Winning
  After the last card (9 rounds; with all cards 18 for two players, 12
  for three): most gems of ONE colour wins; a tie goes to the
  second-largest colour count, then the third, and so on.
"""

HELP_CS = """\
UBONGO - jak zapisovat tahy

Před prvním kolem
  start 3      Postavte figurku na červené políčko 3 (políčka 1-6 zleva
               doprava). Na jednom políčku může stát více figurek.

Skládání (všichni najednou, proti přesýpacím hodinám)
  Zakryjte přesně světlou plochu své karty dílky vedle padlého symbolu,
  každým dílkem jednou; dílky se smějí otáčet i obracet.
  solve A0@0,0 C3@1,2 K1@2,0
               Jedna položka na dílek: jeho písmeno, číslo natočení
               (obrázky níže), @ a řádek,sloupec, kam na mřížce karty
               přijde levý horní roh rámečku obrázku (řádky dolů od 0,
               sloupce doprava od 0, jak je mřížka očíslovaná). Čas se
               přidá po stisku Enter ("... in 23.5" sekund).
  pass         Toto kolo vzdáváte: žádný pohyb, žádné drahokamy.
  Chybné řešení se odmítne s důvodem; opravte ho a napište znovu, dokud
  sype písek. Časy po vypršení hodin neplatí; když nikdo nesloží včas,
  hodiny se otočí ještě jednou, a když ani pak nikdo, karty se odloží.

Po skládání, v pořadí, jak kdo složil
  move +2      První může pohnout figurkou o 0-3 políčka, druhý o 0-2,
  move -1      třetí o 0-1, čtvrtý stojí: + doprava, - doleva, move 0
  move 0       zůstane. Pak si vezme přední dva drahokamy té řady (kdo dřív
               bere, ten dřív bere).

Vítězství
  Po poslední kartě (9 kol; se všemi kartami 18 ve dvou, 12 ve třech)
  vyhrává, kdo má nejvíce drahokamů JEDNÉ barvy; při shodě rozhoduje druhá
  nejpočetnější barva, pak třetí atd.
"""

HELP_SK = """\
UBONGO - ako zapisovať ťahy

Pred prvým kolom
  start 3      Postavte figúrku na červené políčko 3 (políčka 1-6 zľava
               doprava). Na jednom políčku môže stáť viac figúrok.

Skladanie (všetci naraz, proti presýpacím hodinám)
  Zakryte presne svetlú plochu svojej karty dielikmi vedľa padnutého
  symbolu, každým dielikom raz; dieliky sa smú otáčať aj obracať.
  solve A0@0,0 C3@1,2 K1@2,0
               Jedna položka na dielik: jeho písmeno, číslo natočenia
               (obrázky nižšie), @ a riadok,stĺpec, kam na mriežke karty
               príde ľavý horný roh rámčeka obrázka (riadky nadol od 0,
               stĺpce doprava od 0, ako je mriežka očíslovaná). Čas sa
               pridá po stlačení Enter ("... in 23.5" sekúnd).
  pass         Toto kolo vzdávate: žiadny pohyb, žiadne drahokamy.
  Chybné riešenie sa odmietne s dôvodom; opravte ho a napíšte znova, kým
  sype piesok. Časy po uplynutí hodín neplatia; keď nikto neposkladá
  včas, hodiny sa otočia ešte raz, a keď ani potom nikto, karty sa
  odložia.

Po skladaní, v poradí, ako kto poskladal
  move +2      Prvý môže pohnúť figúrkou o 0-3 políčka, druhý o 0-2,
  move -1      tretí o 0-1, štvrtý stojí: + doprava, - doľava, move 0
  move 0       zostane. Potom si vezme predné dva drahokamy toho radu (kto
               prv berie, ten prv berie).

Víťazstvo
  Po poslednej karte (9 kôl; so všetkými kartami 18 vo dvojici, 12 v troch)
  vyhráva, kto má najviac drahokamov JEDNEJ farby; pri zhode rozhoduje
  druhá najpočetnejšia farba, potom tretia atď.
"""

HELPS: dict[str, str] = {"en": HELP, "cs": HELP_CS, "sk": HELP_SK}
TITLES = {"en": "The pieces and their orientations (letter + number):",
          "cs": "Dílky a jejich natočení (písmeno + číslo):",
          "sk": "Dieliky a ich natočenia (písmeno + číslo):"}


def drawing(shape: tuple[tuple[int, int], ...], mark: str = "#") -> list[str]:
    """Rows of `mark` and `.` for one orientation (its box's top-left corner is 0,0)."""
    rows = max(r for r, _ in shape) + 1
    cols = max(c for _, c in shape) + 1
    cells = set(shape)
    return ["".join(mark if (r, c) in cells else "." for c in range(cols)) for r in range(rows)]


def orientation_block(letter: str) -> list[str]:
    """One piece's orientations side by side, each headed by its notation (A0, A1, ...)."""
    shapes = orientations(letter)
    pics = [drawing(s, letter) for s in shapes]
    width = [max(len(f"{letter}{i}"), max(len(r) for r in p)) for i, p in enumerate(pics)]
    height = max(len(p) for p in pics)
    lines = ["  ".join(f"{letter}{i}".ljust(w) for i, w in enumerate(width)).rstrip()]
    for r in range(height):
        lines.append("  ".join((p[r] if r < len(p) else "").ljust(w)
                               for p, w in zip(pics, width, strict=True)).rstrip())
    return lines


def pieces_text(letters: tuple[str, ...] | list[str] | None = None) -> str:
    out: list[str] = []
    for letter in letters or list(PIECES):
        p = PIECES[letter]
        out.append(f"{letter} = {p.name} ({p.title})")
        out += ["  " + line for line in orientation_block(letter)]
    return "\n".join(out)


def help_text(lang: str | None = None) -> str:
    """The notation help in `lang` (default: the current language) with all 12 pieces drawn."""
    code = lang_of(lang)
    return f"{HELPS[code]}\n{TITLES[code]}\n{pieces_text()}\n"
