"""Fonts, sounds and images, loaded through ``importlib.resources`` so an installed game finds them."""
