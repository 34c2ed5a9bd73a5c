// A plain Node.js app (no tsx): the model through flexdyn/node, which writes the solution file to disk.
import * as flexdyn from 'flexdyn/node';
import { solutionFileName, solveOscillator } from './oscillator.mjs';

const { figures } = solveOscillator(flexdyn);
const solution = flexdyn.loadSolutionFile(solutionFileName);
const lastRow = solution.nRows - 1;
console.log(JSON.stringify({ ...figures, solutionRows: solution.nRows, lastSolutionTime: solution.times[lastRow], lastSolutionX: solution.coordinates.get(lastRow, 0) }));
