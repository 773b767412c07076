"""The progress charts, drawn with pyqtgraph.

pyqtgraph takes about half a second to import on the development machine, so the app must
not import it at start. ``data`` (what the charts are given), ``text`` (numbers and dates
in the locale) and ``captions`` (each value in words) do not import it, and neither does
``ui.progress_view``, which imports the chart modules only when a screen is built:
``base`` (pyqtgraph set up once, locale axes, values on hover and with the arrow keys),
``weekly`` (a figure per week), ``skills`` (accuracy per skill with the level or the
cohort's mastery) and ``calendar`` (a heat map of answers per day).
"""
