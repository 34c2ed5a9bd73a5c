"""CardiLLo's side of the helix roll-up comparison (bench/peers/cardilloSideBySide.mjs).

The same roll-up as examples/helixRollUp.ts (CardiLLo's examples/Herrmann2025_mixed_Cosserat_rod/02_helix.py set-up: R0 = 10,
h = 50, 2 coils, E = 1, G = 0.5, circle of diameter L/slenderness, clamped at xi = 0, body-fixed tip moment ramped
with the load steps), built through CardiLLo's public API (make_CosseratRod, RigidConnection, B_Moment, Newton) with
CardiLLo's sources on PYTHONPATH (a checkout outside this repository). Each argument is a JSON case
{"interpolation": "Quaternion" | "R12" | "SE3", "mixed": bool, "constraints": [..] | null, "p": int, "nel": int,
"slenderness": float, "steps": int, "atol": float}; prints one JSON line per case: converged, Newton iterations
(summed over the n_load_steps + 1 solves of CardiLLo's Newton, whose first is the unloaded state), set-up and solve
seconds (time.perf_counter and CPU time.process_time around Newton(...).solve()) and the nodal error max|r_i - r(alpha_i)|/R0.
"""
import json, sys, time
import numpy as np
import cardillo.solver.statics as statics
from cardillo import System
from cardillo.constraints import RigidConnection
from cardillo.forces import B_Moment
from cardillo.math import e1, e3
from cardillo.rods import CircularCrossSection, Simo1986
from cardillo.rods.cosseratRod import make_CosseratRod
from cardillo.solver import Newton, SolverOptions

# count the Newton iterations of every load step: wrap the fsolve that CardiLLo's static Newton calls
_fsolve = statics.fsolve
counts = []


def counting_fsolve(*args, **kwargs):
    sol = _fsolve(*args, **kwargs)
    counts.append(int(sol.nit))
    return sol
statics.fsolve = counting_fsolve


def run(interpolation, mixed, constraints, p, nel, slenderness, steps, atol):
    R0, h, n_coil = 10, 50, 2
    c = h / (2 * R0 * np.pi * n_coil)
    length = np.sqrt(1 + c**2) * R0 * 2 * np.pi * n_coil
    cc = 1 / np.sqrt(1 + c**2)
    alpha_xi = 2 * np.pi * n_coil
    cs = CircularCrossSection(radius=length / slenderness / 2)
    A = cs.area
    Ip, I2, I3 = np.diag(cs.second_moment)
    E, G = 1.0, 0.5
    law = Simo1986(np.array([E * A, G * A, G * A]), np.array([G * Ip, E * I2, E * I3]))
    Rod = make_CosseratRod(interpolation=interpolation, mixed=mixed, constraints=constraints, polynomial_degree=p, reduced_integration=True)
    t0 = time.perf_counter()
    system = System()
    r_OP0 = R0 * np.array([0.0, -1.0, 0.0])
    A_IB0 = np.vstack((cc * np.array([1, 0, c]), np.array([0, 1, 0]), cc * np.array([-c, 0, 1]))).T
    q0 = Rod.straight_configuration(nel, length, r_OP0=r_OP0, A_IB0=A_IB0)
    rod = Rod(cs, law, nel, Q=q0, q0=q0)
    system.add(rod)
    system.add(RigidConnection(system.origin, rod, xi2=0))
    Fi = law.Fi
    system.add(B_Moment(lambda t: (R0 * alpha_xi**2) / (length**2) * (c * e1 * Fi[0] + e3 * Fi[2]) * t, rod, 1))
    system.assemble(options=SolverOptions(compute_consistent_initial_conditions=False))
    t1 = time.perf_counter()
    c1 = time.process_time()
    counts.clear()
    solver = Newton(system, n_load_steps=steps, options=SolverOptions(newton_max_iter=30, newton_atol=atol), verbose=False)
    sol = solver.solve()
    t2 = time.perf_counter()
    c2 = time.process_time()
    converged = len(sol.t) == steps + 1
    q = sol.q[-1][rod.qDOF]
    nodes = rod.nodes(q)
    xi = np.linspace(0, 1, nodes.shape[1])
    alpha = alpha_xi * xi
    exact = R0 * np.vstack((np.sin(alpha), -np.cos(alpha), c * alpha))
    err = float(np.max(np.linalg.norm(nodes - exact, axis=0)) / R0)
    return dict(interpolation=interpolation, mixed=mixed, constraints=constraints, p=p, nel=nel, slenderness=slenderness, loadSteps=steps,
                converged=converged, newtonIterations=int(sum(counts)), solves=len(counts), setupSeconds=t1 - t0, solveSeconds=t2 - t1, solveCpuSeconds=c2 - c1, errorOverR0=err)


if __name__ == "__main__":
    for spec in sys.argv[1:]:
        a = json.loads(spec)
        print(json.dumps(run(a["interpolation"], a["mixed"], a.get("constraints"), a["p"], a["nel"], a["slenderness"], a["steps"], a["atol"])), flush=True)
