"""Stand-in for scipy_dae.integrate."""


def solve_dae(*args, **kwargs):
    raise NotImplementedError("scipy_dae is stubbed for the CardiLLo side-by-side runs")
