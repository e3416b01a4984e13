"""LAN play: the authoritative host, its clients, the wire format and discovery.

Never imports pygame.
"""
