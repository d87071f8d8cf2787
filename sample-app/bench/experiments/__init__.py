"""The experiments: each module measures one question and writes its document or section, using ../core only.
bench.py (the entry point) dispatches to them; no experiment imports bench.py."""
