"""mutations"""
