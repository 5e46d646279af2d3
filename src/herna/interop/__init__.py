"""Bridges to research toolkits, each an optional extra (`pip install herna[research]`).

Nothing in `herna.core` or `herna.games` imports these modules: `herna.interop.openspiel`
imports pyspiel and `herna.interop.pettingzoo` imports PettingZoo, and only a program that
asks for one pays for it.
"""
