"""Bots and tournaments: the Bot protocol, the bot registry, the arena and its statistics."""

from .arena import GameResult, GroupStats, TournamentResult, play_game, run_tournament
from .base import Bot, BotError
from .random_bot import RandomBot
from .registry import default_bot, has_bot, known_bots, make_bot, parse_bot_spec, register_bot

__all__ = [
    "Bot", "BotError", "GameResult", "GroupStats", "RandomBot", "TournamentResult",
    "default_bot", "has_bot", "known_bots", "make_bot", "parse_bot_spec", "play_game",
    "register_bot", "run_tournament",
]
