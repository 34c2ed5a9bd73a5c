// The engine entry in Node.js: no file system installed, so the solution file stays in memory (and the solve says so once).
import * as flexdyn from 'flexdyn';
import { solutionFileName, solveOscillator } from './oscillator.mjs';

const { mbs, figures } = solveOscillator(flexdyn);
const solution = flexdyn.parseSolutionFile(mbs.getOutputFile(solutionFileName), solutionFileName);
const lastRow = solution.nRows - 1;
console.log(JSON.stringify({ ...figures, solutionRows: solution.nRows, lastSolutionTime: solution.times[lastRow], lastSolutionX: solution.coordinates.get(lastRow, 0), outputFiles: mbs.outputFileNames() }));
