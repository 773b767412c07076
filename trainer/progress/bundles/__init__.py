"""Bundles: progress moved between desktops in a file, written, read defensively, checked
against who could have written it, and merged.
"""
