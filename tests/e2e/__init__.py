"""End-to-end tests: the framework built, installed into fresh virtual environments, and used as a new team would."""
