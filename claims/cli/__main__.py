"""Run `claim_batch` as `python -m claims.cli`."""

import sys

from claims.cli import main

sys.exit(main())
