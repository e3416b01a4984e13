"""One module per screen; :data:`game.client.scene.SCENES` names them."""
