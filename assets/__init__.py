"""Fonts, sounds and images, loaded through ``importlib.resources``.

That way an installed game finds them as well as a checkout does.
"""
