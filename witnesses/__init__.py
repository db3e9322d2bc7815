"""Claims about the domain: `witnesses/<family>/<rule>.py` witnesses `domain/<family>/<rule>.py` as `family.rule`."""
