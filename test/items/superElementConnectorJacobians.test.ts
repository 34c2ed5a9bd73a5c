import { describe, expect, it } from 'vitest';
import type { NodeModel, ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { EulerParameters2GLocal, MarkerNodePosition, NodePointGround, SpringDamper } from '../../src/index.ts';
import { buildObjectFFRFTestModel } from '../../testModels/objectFFRFTest.ts';
import { ownRotor } from '../fem/abaqusFixtures.ts';
import { randomSequence } from '../helpers/random.ts';
import { dense } from '../helpers/denseMatrix.ts';

/**
 * Max-norm of the difference between the analytic local Jacobian times a direction and central differences of ode2Lhs
 * along it, relative to the analytic max-norm. Directions: every local coordinate except the frame's Euler parameters,
 * whose position Jacobian uses G (the virtual rotation), exact only for increments tangent to |p| = 1 (the radial one
 * is fixed by the Euler-parameter constraint); for them the three tangent directions G_lᵀ e_k (⟂ p).
 */
function jacobianError(object: ObjectModel, s: SystemState, velocity: boolean, frame: NodeModel, h: number): { error: number; scale: number } {
  const qIndex: number[] = [], uIndex: number[] = [];
  let epOffset = -1;
  for (const node of object.localNodes) {
    if (node === frame) epOffset = qIndex.length + 3;
    for (let j = 0; j < node.nu; j++) { qIndex.push(node.qIndex + j); uIndex.push(node.uIndex + j); }
  }
  const n = qIndex.length;
  const analytic = new Float64Array(n * n);
  if (velocity) object.ode2Lhs_u!(s, dense(analytic), 1); else object.ode2Lhs_q!(s, dense(analytic), 1);
  const x = velocity ? s.u : s.q, idx = velocity ? uIndex : qIndex;
  const directions: Float64Array[] = [];
  for (let j = 0; j < n; j++) {
    if (epOffset >= 0 && j >= epOffset && j < epOffset + 4 && !velocity) continue;
    const d = new Float64Array(n); d[j] = 1; directions.push(d);
  }
  if (epOffset >= 0 && !velocity) {
    const p = [0, 1, 2, 3].map((k) => frame.referenceCoordinates[3 + k] + s.q[frame.qIndex + 3 + k]);
    const g = EulerParameters2GLocal(p);
    for (let k = 0; k < 3; k++) { const d = new Float64Array(n); for (let j = 0; j < 4; j++) d[epOffset + j] = g[k][j]; directions.push(d); }
  }
  let error = 0, scale = 0;
  for (const v of analytic) scale = Math.max(scale, Math.abs(v));
  for (const d of directions) {
    const saved = idx.map((i) => x[i]);
    const f = (sign: number) => { idx.forEach((i, j) => { x[i] = saved[j] + sign * h * d[j]; }); const r = new Float64Array(n); object.ode2Lhs!(s, r); idx.forEach((i, j) => { x[i] = saved[j]; }); return r; };
    const fp = f(1), fm = f(-1);
    for (let i = 0; i < n; i++) {
      let jd = 0;
      for (let j = 0; j < n; j++) jd += analytic[i * n + j] * d[j];
      error = Math.max(error, Math.abs((fp[i] - fm[i]) / (2 * h) - jd));
    }
  }
  return { error: error / scale, scale };
}

describe('CartesianSpringDamper and SpringDamper on MarkerSuperElementPosition (objectFFRFTest\'s model on our own rotor)', () => {
  it('analyticJacobiansMatchCentralDifferencesOnARotatedDeformedSpinningRotor', () => {
    const fem = ownRotor();
    fem.scaleStiffnessMatrix(1e-2);
    const { mbs } = buildObjectFFRFTestModel(1, fem);
    // plus a SpringDamper from the right support marker (the last marker) to a ground point off the axis
    const mGround = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0.05, -0.03, 0.2] })) }));
    mbs.addObject(SpringDamper({ markerNumbers: [mbs.numberOfMarkers - 2, mGround], stiffness: 1e7, damping: 1e5, referenceLength: 0.02 }));
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    const random = randomSequence(7);
    // the frame node is node 0: rotate it (unit Euler parameters), deform the mesh, random velocities with a fast spin
    const ref = model.nodes[0];
    const ep = [1 + random(), random(), random(), random()];
    const norm = Math.hypot(...ep);
    for (let j = 0; j < 3; j++) s.q[ref.qIndex + j] = 1e-3 * random();
    for (let j = 0; j < 4; j++) s.q[ref.qIndex + 3 + j] = ep[j] / norm - ref.referenceCoordinates[3 + j];
    for (let i = 0; i < s.u.length; i++) s.u[i] = random();
    for (const node of model.nodes.slice(1)) for (let j = 0; j < node.nq; j++) s.q[node.qIndex + j] = 1e-3 * random();
    for (let j = 0; j < 4; j++) s.u[ref.uIndex + 3 + j] = 100 * random();
    const connectors = model.objects.filter((o) => o.label.typeName === 'ConnectorCartesianSpringDamper' || o.label.typeName === 'ConnectorSpringDamper');
    expect(connectors.length).toBe(3);
    for (const connector of connectors) {
      // the LHS is a polynomial of degree 5 in q: h = 1e-6 leaves an O(h²) truncation of ~4e-11 relative (1e-5: 2e-9,
      // so it is truncation, not round-off); it is linear in u, so h = 1e-3 has no truncation and 1e-12 round-off.
      // without the velocity and marker-Jacobian derivatives the error is 0.25 relative in this state
      const q = jacobianError(connector, s, false, ref, 1e-6), u = jacobianError(connector, s, true, ref, 1e-3);
      expect(q.scale).toBeGreaterThan(1e6);
      expect(q.error).toBeLessThan(1e-9);
      expect(u.error).toBeLessThan(1e-10);
    }
  });
});
