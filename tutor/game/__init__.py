"""A game against the computer for the learner view: `GameModel` (tutor/game/model.py, no
widgets) and `GameView` (tutor/game/widget.py). The page: notebooks[/<lang>]/game.ipynb,
``game_page(lang)``."""
from .model import SETTINGS, GameModel, Setting

__all__ = ["GameModel", "SETTINGS", "Setting", "game_page"]


def game_page(lang: str = "en", seed: int | None = None):
    """The "Play a game" page's widget (imports the widgets when asked). The deals follow
    `seed`, else ``TUTOR_GAME_SEED`` from the environment (a club evening where every
    table plays the same deals; the browser tests), else chance."""
    import os
    from .widget import GameView
    if seed is None and os.environ.get("TUTOR_GAME_SEED", "").strip().isdigit():
        seed = int(os.environ["TUTOR_GAME_SEED"])
    return GameView(GameModel(lang=lang, seed=seed))
