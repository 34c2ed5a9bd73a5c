import { SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, LinearSolverType, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, Force } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * numpy's legacy np.random.seed(s) / np.random.random(): the Mersenne Twister MT19937 seeded by init_genrand(s),
 * doubles from two 32-bit outputs (27 + 26 bits), so that the spheres get Exudyn's random radii.
 */
function numpyRandom(seed: number): () => number {
  const mt = new Uint32Array(624);
  let index = 624;
  mt[0] = seed >>> 0;
  for (let i = 1; i < 624; i++) {
    const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = (Math.imul(1812433253, previous) + i) >>> 0;
  }
  const next32 = (): number => {
    if (index >= 624) {
      for (let i = 0; i < 624; i++) {
        const y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7fffffff);
        mt[i] = mt[(i + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      index = 0;
    }
    let y = mt[index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  };
  return () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992;
}

/**
 * Exudyn's generalContactSpheresTest: 500 mass points (m = 0.05) with contact spheres of random radii
 * 0.5·(0.8 + 0.2·rand) (numpy seed 1), in layers of 8 × 8, thrown down with v = −20 m/s under gravity into a bowl
 * of five fixed spheres of radius 30; GeneralContact with k = 4e4, d = 4 per sphere, μ = 0, a 20 × 20 × 20 search
 * grid over [−9.6, −8, −9.6] … [9.6, maxY, 9.6]; 500 explicit Euler steps to t = 0.1. Result: the sum of the
 * coordinates of node 5 + 12 (sphere row·(row/4) − row/2 = 12).
 */
export const generalContactSpheresTest: TestModel = {
  name: 'generalContactSpheresTest',
  reference: -1.1138547720263323,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const random = numpyRandom(1);
    const L = 1, n = 500, row = 8, a = L, vInit = -20;
    const radius = 0.5 * a, m = 0.05, k = 4e4, d = 0.001 * k * 4 * 0.5 * 0.2 * 0.25;
    const rb = 30 * L, H = 8 * L, Hy = 3 * L;
    const markers: number[] = [];
    const radii: number[] = [];
    for (const pos of [[0, -rb - 0.5 * H, 0], [-rb - H, -Hy, 0], [rb + H, -Hy, 0], [0, -Hy, rb + H], [0, -Hy, -rb - H]]) {
      const node = mbs.addNode(NodePointGround({ referenceCoordinates: pos }));
      markers.push(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })));
      radii.push(rb);
    }
    let maxY = 0;
    let sensorNode = -1;
    for (let i = 0; i < n; i++) {
      const iy = Math.floor(i / (row * row));
      let ix = i % row;
      let iz = Math.floor(i / row) % row;
      if (iy % 2 === 1) { ix += 0.5; iz += 0.5; }
      const offy = -0.25 * H - 1.5 * a + iy * a * 0.74;
      const offx = -0.6 * a - H * 0.5 + (ix + 1) * a;
      const offz = -0.6 * a - H * 0.5 + (iz + 1) * a;
      const rFact = 0.2;
      const gRad = radius * (1 - rFact + rFact * random());
      maxY = Math.max(maxY, offy);
      const node = mbs.addNode(NodePoint({ referenceCoordinates: [offx, offy, offz], initialVelocities: [0, vInit, 0] }));
      if (i === row * Math.floor(row / 4) - Math.floor(row / 2)) sensorNode = node;
      mbs.addObject(MassPoint({ physicsMass: m, nodeNumber: node }));
      const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
      mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, -m * 9.81, 0] }));
      markers.push(marker);
      radii.push(gRad);
    }
    const contact = mbs.addGeneralContact();
    markers.forEach((marker, i) => contact.addSphereWithMarker(marker, radii[i], k, d, 0));
    contact.setFrictionPairings([[0]]);
    contact.setSearchTreeCellSize([20, 20, 20]);
    contact.setSearchTreeBox([-1.2 * H, -H, -1.2 * H], [1.2 * H, maxY, 1.2 * H]);
    mbs.assemble();
    const tEnd = 0.1, h = 0.0002;
    const settings = new SimulationSettings();
    settings.linearSolverType = LinearSolverType.EigenSparse;
    settings.solutionSettings.solutionWritePeriod = 0.02;
    settings.solutionSettings.outputPrecision = 5;
    settings.solutionSettings.exportAccelerations = false;
    settings.solutionSettings.exportVelocities = false;
    settings.solutionSettings.coordinatesSolutionFileName = 'solution/test.txt';
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
    mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler);
    const u = mbs.getNodeOutput(sensorNode, OutputVariableType.Coordinates);
    return u[0] + u[1] + u[2];
  },
};
