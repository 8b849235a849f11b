"""Bots: random, greedy and the information-set tree search, and bots named by spec.

    from redcode_rules.bots import GreedyBot, ISMCTSBot, LookaheadBot, RandomBot
"""
from .players import BOTS, Bot, GreedyBot, ISMCTSBot, LookaheadBot, RandomBot

__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "LookaheadBot", "RandomBot"]
