"""Tests of the documentation: every example runs, and every file a page cites is there."""
