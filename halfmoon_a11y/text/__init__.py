"""Words for the ear: the catalogs, card and place names, the presenter and help.

Imports `core`, `play` and the store's notices (plain values, `store.notices`), and
polib for the catalogs. Nothing here prints,
speaks or touches a file other than the catalogs.
"""
