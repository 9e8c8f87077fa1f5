"""Widgets shared by the lobby and the table screens."""
