"""The ``tabletome`` command: play in the terminal, replay records, list games, self-play."""
