"""witnesses"""
