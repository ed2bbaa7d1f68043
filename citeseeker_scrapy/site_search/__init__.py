"""Optional feature: a server's own search form, used before (or instead of) crawling the
server. ``forms`` finds forms and result links (pure); ``spiders/site_search.py`` sends them."""
