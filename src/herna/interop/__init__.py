"""Adapters to research toolkits (OpenSpiel, PettingZoo): optional extras the core never imports."""
