// The browser bundle's entry (esbuild --platform=browser): the engine only; the result goes to globalThis.flexdynResult.
import * as flexdyn from 'flexdyn';
import { solutionFileName, solveOscillator } from './oscillator.mjs';

try {
  const { mbs, figures } = solveOscillator(flexdyn);
  const solution = flexdyn.parseSolutionFile(mbs.getOutputFile(solutionFileName), solutionFileName);
  const lastRow = solution.nRows - 1;
  globalThis.flexdynResult = { ...figures, solutionRows: solution.nRows, lastSolutionTime: solution.times[lastRow], lastSolutionX: solution.coordinates.get(lastRow, 0), outputFiles: mbs.outputFileNames() };
} catch (error) {
  globalThis.flexdynResult = { error: String(error && error.stack || error) };
}
