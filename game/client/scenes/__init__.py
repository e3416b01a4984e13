"""One module per screen, and the panels only the big screen composes (``tv_*``);
:data:`game.client.scene.SCENES` names the screens."""
