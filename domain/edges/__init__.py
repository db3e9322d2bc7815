"""The I/O edges of the domain: command-line programs that read inputs and write reports; rules never import these."""
