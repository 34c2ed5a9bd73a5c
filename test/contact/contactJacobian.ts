import type { GeneralContact, MainSystem } from '../../src/index.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { nodeDirections } from '../helpers/objectJacobian.ts';

/** Largest entry (absolute) of a vector. */
const maxAbs = (x: ArrayLike<number>) => Array.from(x).reduce((m, v) => Math.max(m, Math.abs(v)), 0);

/**
 * The analytic Jacobians of a GeneralContact's left-hand side forces (∂/∂Δq along the nodes' increment directions,
 * Lie-group nodes composed, and ∂/∂u) against central differences at the assembled system's current state: returns
 * the largest deviation relative to the largest entry of each Jacobian, the largest entries and the largest force.
 */
export function contactJacobianErrors(mbs: MainSystem, contact: GeneralContact, hq = 1e-7, hu = 1e-7): { q: number; u: number; scaleQ: number; scaleU: number; force: number } {
  const model = mbs.compiled();
  const s: SystemState = model.data.current;
  const n = s.u.length;
  const lhs = () => { const out = new Float64Array(n); contact.addODE2Lhs(s, out, 1); return out; };
  const force = maxAbs(lhs());
  const result = { q: 0, u: 0, scaleQ: 0, scaleU: 0, force };
  for (const velocity of [false, true]) {
    const analytic = new Float64Array(n * n);
    contact.addODE2LhsJacobian(s, { add: (row, col, value) => { analytic[row * n + col] += value; } }, velocity ? 0 : 1, velocity ? 1 : 0);
    const scale = maxAbs(analytic);
    let error = 0;
    for (const node of model.nodes) {
      if (node.nu === 0) continue;
      const unit = (j: number) => Float64Array.from({ length: node.nu }, (_, k) => (k === j ? 1 : 0));
      const directions = velocity
        ? Array.from({ length: node.nu }, (_, j) => ({ d: unit(j), apply: (x: Float64Array, step: number) => { x[node.uIndex + j] += step; } }))
        : nodeDirections(node, s);
      const h = velocity ? hu : hq;
      for (const { d, apply } of directions) {
        const x = velocity ? s.u : s.q;
        const saved = x.slice();
        apply(x, h); const plus = lhs(); x.set(saved);
        apply(x, -h); const minus = lhs(); x.set(saved);
        for (let row = 0; row < n; row++) {
          let column = 0;
          for (let k = 0; k < node.nu; k++) column += analytic[row * n + node.uIndex + k] * d[k];
          error = Math.max(error, Math.abs((plus[row] - minus[row]) / (2 * h) - column));
        }
      }
    }
    if (velocity) { result.u = error / scale; result.scaleU = scale; } else { result.q = error / scale; result.scaleQ = scale; }
  }
  return result;
}

/**
 * Moves the current state of an assembled system a little: every node's positions (the first three coordinates) and,
 * on Lie-group nodes, its rotation (composed as an increment by the node) by amplitude·random() each.
 */
export function perturbPositions(mbs: MainSystem, random: () => number, amplitude: number): void {
  const model = mbs.compiled(), s = model.data.current;
  for (const node of model.nodes) {
    if (node.nu === 0) continue;
    const delta = Float64Array.from({ length: node.nu }, () => amplitude * random());
    if (node.composeIncrement !== undefined) node.composeIncrement(s.q, delta, 0, 1);
    else for (let j = 0; j < Math.min(3, node.nq); j++) s.q[node.qIndex + j] += delta[j];
  }
}
