"""One module per screen, and beside them the panels only one screen composes (the play
screen's side panel, the TV's players' strip, the tutorial's lessons, the replay viewer's
transport, ...); :data:`game.client.scene.SCENES` names the screens. Panels that several
screens share are :mod:`game.client`'s."""
