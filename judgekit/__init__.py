"""judgekit: l'assistente da terminale per arbitri di Magic: the Gathering."""

__version__ = "0.1.0"
