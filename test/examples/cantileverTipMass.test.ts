import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCantilever, cantileverSettings, rayleighPeriod, staticTipDeflection, tipStatistics } from '../../examples/cantileverTipMass.ts';
import { loadSolutionFile } from '../../src/node.ts';

describe('examples/cantileverTipMass', () => {
  it('oscillates about the Euler–Bernoulli static deflection with Rayleigh\'s period (two periods)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-cantilever-'));
    const model = buildCantilever({ sensorFolder: folder });
    const settings = cantileverSettings(0.288, join(folder, 'solution.txt'));
    settings.timeIntegration.verboseMode = 0;
    model.mbs.solveDynamic(settings);
    const { mean, period } = tipStatistics(model.mbs.getSensorStoredData(model.tipSensor));
    // Rayleigh's one-mode estimate with 33/140 of the rod mass at the tip is within 0.3 % for this mass ratio;
    // shear flexibility and the 8 quadratic elements add less than 0.1 %
    expect(Math.abs(period / rayleighPeriod(model) - 1)).toBeLessThan(5e-3);
    // the mean over two periods is the static deflection up to shear (r/L = 0.01) and the window (about 1 %)
    expect(Math.abs(-mean / staticTipDeflection(model) - 1)).toBeLessThan(1.5e-2);
    expect(loadSolutionFile(join(folder, 'solution.txt')).nRows).toBe(59);
  });
});
