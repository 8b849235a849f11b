"""The AI adapters (the ``ai`` extra): OpenSpiel, PettingZoo, and the action words they share."""
