"""One Exudyn side of the side-by-side harness (bench/peers/sideBySide.mjs), as a fresh process:

    python3 exudynRun.py <Exudyn test model script>.py

runs the script as `python3 script.py` would (as __main__, its folder first on sys.path, the working directory of the
caller), in the mode of Exudyn's test suite (runTestSuite.py): exudynTestGlobals.useGraphics = False and performTests =
True, so that no renderer, plots or extra sensors run and the script builds exactly the model that the suite checks
(and that testModels/ ports). The script's settings (file output, verboseMode, threads) stay as they are.

Timed: every SolveSystem call of Exudyn's solver classes (MainSolverStatic, MainSolverImplicitSecondOrder,
MainSolverExplicit), which SolveDynamic/SolveStatic call; time.perf_counter (wall) and time.process_time (CPU of the
process, all threads) around each, summed, with the steps
(it.currentStepIndex - 1, as Exudyn's solution file footer), Newton iterations (it.newtonStepsCount) and Jacobian updates (it.newtonJacobiCount) of the solver
after the call. Prints one line `PEERS_RESULT {json}` at the end; an exception of the script after its solves (e.g. a
plot without matplotlib) is reported in it as scriptError, before any solve it fails the process. processCpuSeconds is
the CPU time of the whole process so far (getrusage, user + system) when the line is printed.
"""
import json
import os
import resource
import runpy
import sys
import time

script = os.path.abspath(sys.argv[1])
sys.argv = [script] + sys.argv[2:]
sys.path[0] = os.path.dirname(script)

import exudyn  # noqa: E402

from modelUnitTests import exudynTestGlobals  # noqa: E402  (the script's own test-suite globals, from its folder)

exudynTestGlobals.useGraphics = False
exudynTestGlobals.performTests = True

record = {'seconds': 0.0, 'cpuSeconds': 0.0, 'steps': 0, 'newton': 0, 'jacobians': 0, 'solves': 0, 'result': None,
          'exudyn': exudyn.__version__, 'threads': []}


def timed(solve_system):
    """SolveSystem with its wall time and the solver's iteration counts added to the record."""
    def wrapper(solver, mbs, simulationSettings, *args, **kwargs):
        started = time.perf_counter()
        started_cpu = time.process_time()
        try:
            return solve_system(solver, mbs, simulationSettings, *args, **kwargs)
        finally:
            record['seconds'] += time.perf_counter() - started
            record['cpuSeconds'] += time.process_time() - started_cpu
            record['solves'] += 1
            it = solver.it
            record['steps'] += max(it.currentStepIndex - 1, 0)  # the index of the next step at the end (Exudyn writes it - 1)
            record['newton'] += it.newtonStepsCount
            record['jacobians'] += it.newtonJacobiCount
            record['threads'].append(simulationSettings.parallel.numberOfThreads)
    return wrapper


for solverClass in (exudyn.MainSolverStatic, exudyn.MainSolverImplicitSecondOrder, exudyn.MainSolverExplicit):
    solverClass.SolveSystem = timed(solverClass.SolveSystem)

try:
    runpy.run_path(script, run_name='__main__')
except Exception as error:  # e.g. a plot at the end of the script without matplotlib: the solves are done and reported
    if record['solves'] == 0:
        raise
    record['scriptError'] = repr(error)[:200]
result = getattr(exudynTestGlobals, 'testResult', None)
try:
    record['result'] = float(result)
except (TypeError, ValueError):
    record['result'] = None
usage = resource.getrusage(resource.RUSAGE_SELF)
record['processCpuSeconds'] = usage.ru_utime + usage.ru_stime
print('PEERS_RESULT ' + json.dumps(record), flush=True)
