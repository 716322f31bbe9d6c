"""The ``woodlands`` command line: play, validate, replay, sim and bench."""
