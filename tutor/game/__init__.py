"""A game against the computer for the learner view: `GameModel` (tutor/game/model.py, no
widgets) and `GameView` (tutor/game/widget.py). The page: notebooks[/<lang>]/game.ipynb,
``game_page(lang)``."""
from .model import SETTINGS, GameModel, Setting

__all__ = ["GameModel", "SETTINGS", "Setting", "game_page"]


def game_page(lang: str = "en", seed: int | None = None):
    """The "Play a game" page's widget (imports the widgets when asked)."""
    from .widget import GameView
    return GameView(GameModel(lang=lang, seed=seed))
