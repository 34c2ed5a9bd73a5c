"""CardiLLo's results for the mixed Cosserat rod paper's benchmarks (test/rods/mixedPaperBenchmarks.test.ts,
test/rods/elasticRingDeployment.test.ts): the set-ups of CardiLLo's examples/Herrmann2025_mixed_Cosserat_rod/ (01, 03, 04,
05) built through CardiLLo's API, printing the tip or point positions per load step as one JSON line per case.

Run from /tmp with a CardiLLo checkout and bench/peers/cardilloShim on PYTHONPATH (see bench/peers/cardilloSideBySide.mjs):
  python3 bench/peers/cardilloMixedPaper.py bent45 '{"interpolation": "Quaternion", "mixed": true, "p": 2, "nel": 8,
      "slenderness": 100, "steps": 20, "atol": 1e-8}'
  python3 bench/peers/cardilloMixedPaper.py cantilever
  python3 bench/peers/cardilloMixedPaper.py helical '{"nel": 30, "steps": 90, "atol": 1e-8}'
  python3 bench/peers/cardilloMixedPaper.py ring 20 120
  python3 bench/peers/cardilloMixedPaper.py ribbon '{"geometry": "B", "nel": 32, "steps": 100, "constraints": [0, 1, 2, 5]}'
(ribbon: example 06 with its linear elastic law Simo1986 only; its Ribbon and Sadowsky laws are not run here)
"""
import json
import sys

import numpy as np
from cardillo import System
from cardillo.constraints import Prismatic, RigidConnection
from cardillo.discrete import Frame
from cardillo.forces import B_Moment, Force, Moment
from cardillo.math import A_IB_basic, e2, e3
from cardillo.rods import CircularCrossSection, RectangularCrossSection, Simo1986
from cardillo.rods.cosseratRod import make_CosseratRod
from cardillo.rods.force_line_distributed import Force_line_distributed
from cardillo.solver import Newton, SolverOptions


def bent45(interpolation, mixed, p, nel, slenderness, steps, atol):
    R = 100
    angle = np.pi / 4
    r_OP0 = lambda xi: R * np.array([np.sin(xi * angle), np.cos(xi * angle), 0])
    A_IB0 = lambda xi: A_IB_basic(-xi * angle).z
    w = R / slenderness
    cs = RectangularCrossSection(w, w)
    A = cs.area
    I1, I2, I3 = np.diag(cs.second_moment)
    E = 1e7; G = E / 2
    law = Simo1986(np.array([E * A, G * A, G * A]), np.array([G * I1, E * I2, E * I3]))
    Rod = make_CosseratRod(interpolation=interpolation, mixed=mixed, polynomial_degree=p, reduced_integration=True)
    system = System()
    q0 = Rod.pose_configuration(nel, r_OP0, A_IB0)
    rod = Rod(cs, law, nel, Q=q0)
    system.add(rod)
    system.add(RigidConnection(rod, system.origin, xi1=0))
    tip_force = 600 * (100 / slenderness) ** 4  # F R^2/EI fixed: 6e6 at slenderness 10, 600 at 100
    system.add(Force(lambda t: tip_force * t * e3, rod, xi=1))
    system.assemble(options=SolverOptions(compute_consistent_initial_conditions=False))
    sol = Newton(system, n_load_steps=steps, options=SolverOptions(newton_atol=atol, newton_max_iter=50), verbose=False).solve()
    out = []
    qDOF_tip = rod.elDOF_P(1)
    for i in range(len(sol.t)):
        r = rod.r_OP(sol.t[i], sol.q[i][rod.qDOF][qDOF_tip], 1)
        out.append([float(sol.t[i]), *map(float, r)])
    return dict(nel=nel, p=p, mixed=mixed, steps=steps, converged=len(sol.t) == steps + 1, tip=out)


def cantilever(constraints, load_type, nel=4, steps=40):
    length = 2 * np.pi
    cs = RectangularCrossSection(length / 100, length / 100)
    law = Simo1986(np.array([5, 1, 1]), np.array([0.5, 2, 2]))
    Rod = make_CosseratRod(interpolation="Quaternion", mixed=True, polynomial_degree=2, reduced_integration=True, constraints=constraints)
    system = System()
    q0 = Rod.straight_configuration(nel, length)
    rod = Rod(cs, law, nel, Q=q0)
    system.add(rod, RigidConnection(system.origin, rod, xi2=0))
    P = lambda t: law.Fi[2] * (10 * t) / length**2
    system.add(Force(lambda t: np.array([0.0, -P(t), 0.0]), rod, 1))
    if load_type == "force+moment":
        system.add(B_Moment(lambda t: np.array([0.0, 0.0, 2.5 * P(t)]), rod, 1))
    system.assemble(options=SolverOptions(compute_consistent_initial_conditions=False))
    sol = Newton(system, n_load_steps=steps, options=SolverOptions(newton_max_iter=30, newton_atol=1e-12), verbose=False).solve()
    tips = []
    for i in range(len(sol.t)):
        if i % 10 == 0:
            tips.append([float(sol.t[i]), *map(float, rod.centerline(sol.q[i], num=3)[:, -1])])
    return dict(constraints=constraints, load=load_type, converged=len(sol.t) == steps + 1, tips=tips)


def helical(nel, steps, atol):
    length = 10
    law = Simo1986(1e4 * np.ones(3), 1e2 * np.ones(3))
    Rod = make_CosseratRod(interpolation="Quaternion", mixed=True, polynomial_degree=2, reduced_integration=True)
    q0 = Rod.straight_configuration(nel, length, r_OP0=np.zeros(3), A_IB0=np.eye(3))
    rod = Rod(CircularCrossSection(0.005), law, nel, Q=q0)
    system = System()
    M_max = 20 * law.Fi[2] * np.pi / length
    system.add(rod, RigidConnection(system.origin, rod, xi2=0), Moment(lambda t: e3 * M_max * t, rod, 1), Force(lambda t: e3 * 50 * t, rod, 1))
    system.assemble(options=SolverOptions(compute_consistent_initial_conditions=False))
    sol = Newton(system, n_load_steps=steps, options=SolverOptions(newton_max_iter=30, newton_atol=atol), verbose=False).solve()
    tips = [[float(sol.t[i]), *map(float, rod.centerline(sol.q[i], num=3)[:, -1])] for i in range(len(sol.t))]
    return dict(nel=nel, steps=steps, converged=len(sol.t) == steps + 1, tips=tips)


def ring(nel, steps):
    cs = RectangularCrossSection(1.0 / 3, 1.0)
    A = cs.area
    I1, I2, I3 = np.diag(cs.second_moment)
    EE = 2.1e7; GG = EE / (2 * 1.3)
    law = Simo1986(np.array([EE * A, GG * A, GG * A]), np.array([GG * 9.753e-3, EE * I2, EE * I3]))
    radius = 20
    r_OP0 = lambda xi: radius * np.array([1 - np.cos(2 * np.pi * xi), np.sin(2 * np.pi * xi), 0])
    A_IB0 = lambda xi: A_IB_basic(np.pi / 2 - 2 * np.pi * xi).z
    Rod = make_CosseratRod(interpolation="Quaternion", mixed=True, polynomial_degree=2, reduced_integration=True)
    q0 = Rod.pose_configuration(nel, r_OP0, A_IB0)
    ring = Rod(cs, law, nel, Q=q0)
    system = System()
    system.add(ring)
    system.add(RigidConnection(ring, ring, xi1=0, xi2=1))
    clamp = RigidConnection(ring, system.origin, xi1=0)
    system.add(clamp)
    frame = Frame(A_IB=lambda t: A_IB_basic(4 * np.pi * t).x)
    system.add(frame)
    system.add(Prismatic(ring, frame, 1, xi1=0.5))
    system.assemble(options=SolverOptions(compute_consistent_initial_conditions=False))
    sol = Newton(system, n_load_steps=steps, options=SolverOptions(newton_atol=1e-6), verbose=False).solve()
    out = []
    for i in range(len(sol.t)):
        qi = sol.q[i]
        rB = ring.r_OP(sol.t[i], qi[ring.qDOF][ring.elDOF_P(0.25)], 0.25)
        rC = ring.r_OP(sol.t[i], qi[ring.qDOF][ring.elDOF_P(0.5)], 0.5)
        out.append([float(sol.t[i]), *map(float, rB), *map(float, rC), float(sol.la_g[i][clamp.la_gDOF[4]])])
    return dict(nel=nel, steps=steps, converged=len(sol.t) == steps + 1, points=out)


def ribbon(geometry, nel, steps, constraints, strong_factor=None):
    """Example 06 (lateral buckling of a cantilever strip under a line load in its stiff plane) with the linear elastic law:
    width 5 cm, thickness 2 mm, E = 210 GPa, nu = 0.4, clamped at xi = 0, line load ramped to 4 gamma_crit with a lateral
    tilt of pi/40 (t <= 0.2), then unloaded exponentially to 0.999 gamma_crit and linearly to 0. Prints the tip per step.
    strong_factor: None keeps CardiLLo's constraint list; a number uses E I_z * strong_factor (for an unconstrained axis)."""
    a, t_ = 0.05, 0.002
    cs = RectangularCrossSection(a, t_)
    E = 210e9; nu = 0.4; G = E / (2 * (1 + nu))
    I_y = a * t_**3 / 12; I_z = t_ * a**3 / 12; I_p = a * t_**3 / 3
    Fi = np.array([G * I_p, E * I_y, E * I_z * (strong_factor or 1.0)])
    law = Simo1986(np.array([5.0, 1.0, 1.0]), Fi)
    kappa_char = (12 * (1 - nu**2)) ** -0.5 * t_ / a**2
    length = (0.0157 if geometry == "A" else 0.315) / kappa_char
    Rod = make_CosseratRod(interpolation="Quaternion", mixed=True, polynomial_degree=2, reduced_integration=True, constraints=constraints)
    q0 = Rod.straight_configuration(nel, length, A_IB0=A_IB_basic(np.pi / 2).x)
    rod = Rod(cs, law, nel, Q=q0, q0=q0)
    system = System()
    system.add(rod, RigidConnection(system.origin, rod, xi2=0))
    g_crit = 18.178 / np.sqrt(1 + nu)
    g_bar = (1 - 1e-3) * g_crit
    tau_bar = 15 / 16; alpha = 6
    gamma = lambda tau: (4 * g_crit + (g_bar - 4 * g_crit) * (np.exp(-alpha * tau) - 1) / (np.exp(-alpha * tau_bar) - 1)
                         if tau <= tau_bar else g_bar * (tau - 1) / (tau_bar - 1))
    factor = E * a * t_**3 / (12 * length**3)

    def line_force(t, xi):
        if t <= 0.2:
            return -factor * (5 * t) * (4 * g_crit) * (e3 - np.pi / 40 * (1 - 5 * t) * e2)
        return -factor * gamma((5 * t - 1) / 4) * e3

    load = Force_line_distributed(line_force, rod)
    system.add(load)
    system.assemble(options=SolverOptions(compute_consistent_initial_conditions=False))
    sol = Newton(system, n_load_steps=steps, options=SolverOptions(newton_max_iter=50, newton_atol=1e-11), verbose=False).solve()
    out = []
    for i in range(len(sol.t)):
        r = rod.r_OP(sol.t[i], sol.q[i][rod.qDOF][rod.elDOF_P(1)], 1)
        out.append([float(sol.t[i]), float(-line_force(sol.t[i], 0)[2] / factor / g_crit), *map(float, r / length)])
    return dict(geometry=geometry, length=length, nel=nel, steps=steps, constraints=constraints, strong_factor=strong_factor,
                converged=len(sol.t) == steps + 1, tip=out)


if __name__ == "__main__":
    case = sys.argv[1]
    if case == "bent45":
        a = json.loads(sys.argv[2])
        print(json.dumps(bent45(a["interpolation"], a["mixed"], a["p"], a["nel"], a["slenderness"], a["steps"], a["atol"])), flush=True)
    elif case == "cantilever":
        for load in ["force", "force+moment"]:
            for constraints in [None, [1, 2], [0], [0, 1, 2]]:
                print(json.dumps(cantilever(constraints, load)), flush=True)
    elif case == "helical":
        a = json.loads(sys.argv[2])
        print(json.dumps(helical(a["nel"], a["steps"], a["atol"])), flush=True)
    elif case == "ring":
        print(json.dumps(ring(int(sys.argv[2]), int(sys.argv[3]))), flush=True)
    elif case == "ribbon":
        a = json.loads(sys.argv[2])
        print(json.dumps(ribbon(a["geometry"], a["nel"], a["steps"], a["constraints"], a.get("strong_factor"))), flush=True)
    else:
        raise SystemExit(f"unknown case {case!r}: bent45, cantilever, helical, ring or ribbon")
