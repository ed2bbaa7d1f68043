"""Optional feature: JavaScript pages rendered by a browser. ``config`` reads its settings,
``policy`` decides when a page needs it (pure); the browser itself is driven by ``middlewares/render.py``."""
