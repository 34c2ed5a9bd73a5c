"""Debian bookworm's scipy 1.10 lacks scipy.sparse.sparray, eye_array and diags_array (scipy 1.11+), which CardiLLo's
modules import: aliases for the side-by-side runs (bench/peers/cardilloSideBySide.mjs puts this folder on PYTHONPATH)."""
import scipy.sparse as _s
if not hasattr(_s, "sparray"):
    from scipy.sparse._arrays import _sparray
    _s.sparray = _sparray
if not hasattr(_s, "eye_array"):
    _s.eye_array = lambda n, *a, **k: _s.csr_array(_s.eye(n, *a, **k))
if not hasattr(_s, "diags_array"):
    _s.diags_array = lambda *a, **k: _s.csr_array(_s.diags(*a, **k))
