"""The games.  Each subpackage is one game: its rules, its content pack and its view."""
