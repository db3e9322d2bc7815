"""Tests of the domain's command-line edges."""
