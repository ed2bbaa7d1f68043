"""The document on its way through the pipelines: the item (``item``) and the three stages
the pipelines run on it — unpack, text, citations (``stages``)."""
