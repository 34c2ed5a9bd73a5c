import { expect } from 'vitest';
import type { NodeModel, ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { EulerParameters2GLocal } from '../../src/index.ts';
import { dense } from './denseMatrix.ts';

/**
 * Perturbation directions of a node's coordinates with their effect on q: unit increments composed by the node for
 * Lie-group nodes (quaternion, RotVecLG: the analytic Jacobian's columns are these increments); plain unit vectors
 * otherwise, except for Euler parameters, whose position Jacobian uses the virtual rotation G δp, exact for
 * increments tangent to |p| = 1: there the three tangent directions G_lᵀ e_k, and with `radial` also p itself (G p = 0:
 * kinematic Jacobians leave it out by design, while Newton's columns are the plain coordinates, so the Jacobians
 * Newton uses as derivatives must include it).
 */
export function nodeDirections(node: NodeModel, s: SystemState, radial = false): { d: Float64Array; apply: (q: Float64Array, step: number) => void }[] {
  const n = node.nu;
  const unit = (j: number) => { const d = new Float64Array(n); d[j] = 1; return d; };
  const plain = (d: Float64Array) => ({ d, apply: (q: Float64Array, step: number) => { for (let j = 0; j < n; j++) q[node.qIndex + j] += step * d[j]; } });
  if (node.composeIncrement !== undefined) {
    return Array.from({ length: n }, (_, j) => { const d = unit(j); return { d, apply: (q: Float64Array, step: number) => node.composeIncrement!(q, d, 0, step) }; });
  }
  if (node.label.typeName === 'RigidBodyEP') {
    const p = [0, 1, 2, 3].map((k) => node.referenceCoordinates[3 + k] + s.q[node.qIndex + 3 + k]);
    const g = EulerParameters2GLocal(p);
    const tangent = [0, 1, 2].map((k) => { const d = new Float64Array(n); for (let j = 0; j < 4; j++) d[3 + j] = g[k][j]; return d; });
    const along = new Float64Array(n);
    for (let j = 0; j < 4; j++) along[3 + j] = p[j];
    return [unit(0), unit(1), unit(2), ...tangent, ...(radial ? [along] : [])].map(plain);
  }
  return Array.from({ length: n }, (_, j) => plain(unit(j)));
}

/**
 * Max-norm of (central difference of ode2Lhs along d) − (analytic Jacobian)·d over the nodes' directions, relative to
 * the max-norm of the analytic Jacobian (q: ode2Lhs_q with composed/plain perturbations, Euler parameters also along
 * their radial direction unless `radial` is false; u: ode2Lhs_u, plain).
 */
export function jacobianError(object: ObjectModel, s: SystemState, velocity: boolean, h: number, radial = true): { error: number; scale: number } {
  const n = object.localNodes.reduce((sum, node) => sum + node.nu, 0);
  const analytic = new Float64Array(n * n);
  if (velocity) object.ode2Lhs_u!(s, dense(analytic), 1); else object.ode2Lhs_q!(s, dense(analytic), 1);
  let scale = 0;
  for (const v of analytic) scale = Math.max(scale, Math.abs(v));
  let error = 0, offset = 0;
  for (const node of object.localNodes) {
    const directions = velocity
      ? Array.from({ length: node.nu }, (_, j) => { const d = new Float64Array(node.nu); d[j] = 1; return { d, apply: (u: Float64Array, step: number) => { u[node.uIndex + j] += step; } }; })
      : nodeDirections(node, s, radial);
    for (const { d, apply } of directions) {
      const x = velocity ? s.u : s.q;
      const saved = x.slice();
      const f = (sign: number) => { apply(x, sign * h); const r = new Float64Array(n); object.ode2Lhs!(s, r); x.set(saved); return r; };
      const fp = f(1), fm = f(-1);
      for (let i = 0; i < n; i++) {
        let jd = 0;
        for (let j = 0; j < node.nu; j++) jd += analytic[i * n + offset + j] * d[j];
        error = Math.max(error, Math.abs((fp[i] - fm[i]) / (2 * h) - jd));
      }
    }
    offset += node.nu;
  }
  return { error: error / scale, scale };
}

/**
 * Expects `count` connectors among the objects and, for each, the analytic position Jacobian (h = 1e-6) within 1e-9
 * and the velocity Jacobian (h = 1e-3) within 1e-10 of central differences, relative to a position Jacobian of at
 * least 1e3 (the callers' comments give the observed errors and why these tolerances hold).
 */
export function expectConnectorJacobiansMatchCentralDifferences(objects: readonly ObjectModel[], s: SystemState, count: number): void {
  const connectors = objects.filter((o) => o.label.typeName.startsWith('Connector'));
  expect(connectors.length).toBe(count);
  for (const connector of connectors) {
    const q = jacobianError(connector, s, false, 1e-6), u = jacobianError(connector, s, true, 1e-3);
    expect(q.scale).toBeGreaterThan(1e3);
    expect(q.error).toBeLessThan(1e-9);
    expect(u.error).toBeLessThan(1e-10);
  }
}

/** Step h, tolerance (relative to scale) and the least scale (largest analytic entry) of one Jacobian check. */
export interface JacobianCheckOptions {
  readonly h: number;
  readonly tolerance: number;
  readonly minScale: number;
  /** Why ∂f/∂q is checked along the tangent directions of Euler parameters only (a Jacobian still leaving out the radial one). */
  readonly radialLeftOut?: string;
}

/**
 * Expects the object's analytic ∂f/∂q (when it has ode2Lhs_q) and ∂f/∂u to match central differences at state s, each
 * with its step and relative tolerance, and with a scale of at least minScale (so that the check sees the terms).
 */
export function expectObjectJacobians(object: ObjectModel, s: SystemState, q: JacobianCheckOptions, u: JacobianCheckOptions): void {
  const checks: [boolean, JacobianCheckOptions][] = [[false, q], [true, u]];
  for (const [velocity, options] of checks) {
    if (!velocity && object.ode2Lhs_q === undefined) continue;
    const { error, scale } = jacobianError(object, s, velocity, options.h, options.radialLeftOut === undefined);
    expect(scale).toBeGreaterThan(options.minScale);
    expect(error).toBeLessThan(options.tolerance);
  }
}
