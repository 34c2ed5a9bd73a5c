"""Stand-in for trimesh (CardiLLo imports it for its visualization only; the helix runs do not draw)."""


class Scene:
    pass


class Trimesh:
    pass
