"""Accounts on a shared server (`herna serve --accounts`): names, passwords and sessions.

A password is kept only as an argon2 digest (`argon2-cffi`'s PasswordHasher: its salt and
parameters travel inside the digest, and a digest made with older parameters is made again at
the next sign-in). A session is a random id in an HttpOnly cookie; the database keeps only its
SHA-256 digest with an expiry, so a copy of the database signs nobody in. An unknown name costs
the same hashing as a wrong password, and gets the same answer.

A seat taken while signed in belongs to the account (`seats.player_id`): its owner may act at
it from any device signed in to the account (the seat's token keeps working too), and another
account is refused it.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from herna.web import catalog

from .store import Store, players_t, seats_t, sessions_t, wall
from .tables import Refused

COOKIE = "herna_session"
NAME_MAX = 32
NAME_KEY_MAX = 64  # the stored column's width: a name whose folded form is longer is refused
PASSWORD_MIN = 8
PASSWORD_MAX = 1024  # hashing a megabyte would be a cheap way to spend the server's CPU
SESSION_DAYS = 30.0


@dataclass(frozen=True)
class Player:
    id: str
    name: str


def name_key(name: str) -> str:
    """A name as it is compared: NFKC, then case-folded ("Ana", "ANA" and "ａｎａ" are one)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(value: Any, lang: str) -> str:
    if not isinstance(value, str):
        raise Refused(422, catalog().t("account.refuse_name_text", lang))
    name = value.strip()
    if not 1 <= len(name) <= NAME_MAX or len(name_key(name)) > NAME_KEY_MAX:
        raise Refused(422, catalog().t("account.refuse_name_length", lang, most=NAME_MAX))
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Cf", "Zl", "Zp") for ch in name):
        raise Refused(422, catalog().t("names.refuse_chars", lang))
    return name


def check_password(value: Any, lang: str) -> str:
    if not isinstance(value, str):
        raise Refused(422, catalog().t("account.refuse_password_text", lang))
    if not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
        raise Refused(422, catalog().t("account.refuse_password_length", lang,
                                       least=PASSWORD_MIN, most=PASSWORD_MAX))
    try:
        value.encode()
    except UnicodeEncodeError:  # a lone surrogate: no digest can be made of it
        raise Refused(422, catalog().t("account.refuse_password_text", lang)) from None
    return value


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class Accounts:
    """The players and sessions of one server, on its store. `now`: the wall clock sessions
    expire by (tests give their own); `session_days`: how long a sign-in lasts."""

    def __init__(self, store: Store, now: Callable[[], float],
                 session_days: float = SESSION_DAYS, hasher: PasswordHasher | None = None
                 ) -> None:
        self.store = store
        self.now = now
        self.session_seconds = session_days * 86400.0
        self.hasher = hasher or PasswordHasher()
        # verified against when the name is unknown, so that answer takes as long as a
        # wrong password's
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    def _at(self, seconds: float) -> datetime:
        return datetime.fromtimestamp(seconds, UTC)

    def _open_session(self, conn: sa.Connection, player_id: str) -> str:
        session_id = secrets.token_urlsafe(32)
        now = self.now()
        conn.execute(sessions_t.insert().values(
            id_hash=session_hash(session_id), player_id=player_id, created=self._at(now),
            expires=self._at(now + self.session_seconds)))
        return session_id

    def sign_up(self, name_in: Any, password_in: Any, lang: str) -> tuple[Player, str]:
        """A new account and its first session; 409 if the name (folded) is taken."""
        name = check_name(name_in, lang)
        password = check_password(password_in, lang)
        key = name_key(name)
        digest = self.hasher.hash(password)
        player = Player(secrets.token_urlsafe(12), name)
        with self.store.engine.begin() as conn:
            taken = conn.execute(sa.select(players_t.c.id)
                                 .where(players_t.c.name_key == key)).first() is not None
            if not taken:
                try:
                    with conn.begin_nested():
                        conn.execute(players_t.insert().values(
                            id=player.id, name=name, name_key=key, password_hash=digest,
                            created=self._at(self.now())))
                except sa.exc.IntegrityError:  # the same name signed up at the same moment
                    taken = True
            if taken:
                raise Refused(409, catalog().t("account.refuse_taken", lang, name=name))
            return player, self._open_session(conn, player.id)

    def sign_in(self, name_in: Any, password_in: Any, lang: str) -> tuple[Player, str]:
        """A new session for the right name and password; 401, the same answer, for an
        unknown name or a wrong password."""
        wrong = Refused(401, catalog().t("account.refuse_wrong", lang))
        if not isinstance(name_in, str) or not isinstance(password_in, str) \
                or len(password_in) > PASSWORD_MAX:
            raise wrong
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(players_t).where(
                players_t.c.name_key == name_key(name_in.strip()))).first()
        digest = row.password_hash if row is not None and row.password_hash else self._decoy
        try:
            self.hasher.verify(digest, password_in)
        except (VerificationError, InvalidHashError, UnicodeEncodeError):
            raise wrong from None
        if row is None or not row.password_hash:
            raise wrong
        with self.store.engine.begin() as conn:
            if self.hasher.check_needs_rehash(digest):  # the server's parameters changed
                conn.execute(players_t.update().where(players_t.c.id == row.id)
                             .values(password_hash=self.hasher.hash(password_in)))
            # the expired sessions of every account go when anyone signs in
            conn.execute(sessions_t.delete().where(sessions_t.c.expires < self._at(self.now())))
            return Player(row.id, row.name), self._open_session(conn, row.id)

    def who(self, session_id: str | None) -> Player | None:
        """The account a session cookie signs in, or None (none, unknown or expired: an
        expired session is removed)."""
        if not session_id or len(session_id) > 128:
            return None
        digest = session_hash(session_id)
        with self.store.engine.connect() as conn:
            row = conn.execute(
                sa.select(sessions_t.c.expires, players_t.c.id, players_t.c.name)
                .join(players_t, players_t.c.id == sessions_t.c.player_id)
                .where(sessions_t.c.id_hash == digest)).first()
        if row is None:
            return None
        if wall(row.expires) <= self.now():
            with self.store.engine.begin() as conn:
                conn.execute(sessions_t.delete().where(sessions_t.c.id_hash == digest))
            return None
        return Player(row.id, row.name)

    def log_out(self, session_id: str | None) -> None:
        if session_id and len(session_id) <= 128:
            with self.store.engine.begin() as conn:
                conn.execute(sessions_t.delete()
                             .where(sessions_t.c.id_hash == session_hash(session_id)))

    def log_out_everywhere(self, player_id: str) -> int:
        """End every session of the account (every browser signed in to it); how many."""
        with self.store.engine.begin() as conn:
            return int(conn.execute(sessions_t.delete()
                                    .where(sessions_t.c.player_id == player_id)).rowcount)

    def bind(self, table_id: str, seat: int, player_id: str) -> str | None:
        """The seat belongs to the account from now on, unless it already belongs to one;
        returns the account it belongs to afterwards."""
        with self.store.engine.begin() as conn:
            conn.execute(seats_t.update()
                         .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                seats_t.c.kind == "human", seats_t.c.player_id.is_(None))
                         .values(player_id=player_id))
            self.store._tell(conn, f"s {table_id}")
            held = conn.execute(sa.select(seats_t.c.player_id)
                                .where(seats_t.c.table_id == table_id,
                                       seats_t.c.seat == seat)).scalar_one_or_none()
        return None if held is None else str(held)
