"""Stand-in for the scipy_dae package (CardiLLo's solver package imports it; the static helix runs do not use it)."""
