import { constantJacobianTransposedVector_q, type ItemState, type PositionMarkerModel } from '../../registry/capabilities.ts';
import { fixedMarkerState, type MarkerPair } from './connectorBase.ts';

/** True if the 3 × 3 array is the unit matrix. */
function isUnit(j: Float64Array): boolean {
  return j[0] === 1 && j[1] === 0 && j[2] === 0 && j[3] === 0 && j[4] === 1 && j[5] === 0 && j[6] === 0 && j[7] === 0 && j[8] === 1;
}

/**
 * The shortcuts of the point spring-dampers (ConnectorSpringDamper, ConnectorCartesianSpringDamper) for marker pairs of
 * points, decided in bind: a marker without coordinates is fixed (its position and velocity are evaluated once, at
 * bind, as the joint kernels take them: NodeMarkerInputs); a marker with the constant position Jacobian of a point
 * (constantJacobianTransposedVector_q, without ∂v/∂q, null directions and addJacobianTransposedLoad) has its Jacobian
 * evaluated once, at bind. When each marker is one of the two ({@link PointMarkerShortcuts.points}), the connectors
 * take the relative kinematics, the generalized forces and the projected matrices from here: the numbers of
 * MarkerPair's evaluateRelative, addForcePair and addProjectedMatrix, without the per-evaluation Jacobians; with 3 × 3
 * unit Jacobians (mass points, Point nodes) written out, without the generic loops. One class for both connectors, so
 * that the optimizer compiles these methods once.
 */
export class PointMarkerShortcuts {
  /** True if each marker is fixed or has a constant position Jacobian (set in bind). */
  points = false;
  /** True if each marker of {@link PointMarkerShortcuts.points} is fixed or has the 3 × 3 unit Jacobian. */
  private unit = false;
  /** Marker 0 has no coordinates: its position and velocity in the pair's p0, v0 are those of bind. */
  private fixed0 = false;
  /** Marker 1 has no coordinates. */
  private fixed1 = false;

  /**
   * Decides the shortcuts for the bound pair and, where they apply, writes the fixed markers' kinematics into the
   * pair's p0/v0 (p1/v1) and the constant Jacobians into its jacobian0/jacobian1.
   */
  bind(pair: MarkerPair): void {
    const kind = (marker: PositionMarkerModel, n: number, jacobian: Float64Array): number => {
      if (n === 0) return 0;
      if (marker.jacobianTransposedVector_q !== constantJacobianTransposedVector_q || marker.velocity_q !== undefined
        || marker.addPositionNullDirection !== undefined || marker.addJacobianTransposedLoad !== undefined) return -1;
      marker.positionJacobian(fixedMarkerState, jacobian);
      return n === 3 && isUnit(jacobian) ? 1 : 2;
    };
    const kind0 = kind(pair.marker0, pair.n0, pair.jacobian0), kind1 = kind(pair.marker1, pair.n1, pair.jacobian1);
    this.points = kind0 >= 0 && kind1 >= 0;
    this.unit = this.points && kind0 < 2 && kind1 < 2;
    this.fixed0 = this.points && kind0 === 0;
    this.fixed1 = this.points && kind1 === 0;
    if (this.fixed0) {
      pair.marker0.position(fixedMarkerState, pair.p0);
      pair.marker0.velocity(fixedMarkerState, pair.v0);
    }
    if (this.fixed1) {
      pair.marker1.position(fixedMarkerState, pair.p1);
      pair.marker1.velocity(fixedMarkerState, pair.v1);
    }
  }

  /** MarkerPair.evaluateRelative of a pair of {@link PointMarkerShortcuts.points}: the fixed markers are not evaluated again. */
  evaluateRelative(pair: MarkerPair, s: ItemState): void {
    const { p0, p1, v0, v1, dp, dv } = pair;
    const moving0 = !this.fixed0, moving1 = !this.fixed1;
    if (moving0) pair.marker0.position(s, p0);
    if (moving1) pair.marker1.position(s, p1);
    if (moving0) pair.marker0.velocity(s, v0);
    if (moving1) pair.marker1.velocity(s, v1);
    dp[0] = p1[0] - p0[0]; dp[1] = p1[1] - p0[1]; dp[2] = p1[2] - p0[2];
    dv[0] = v1[0] - v0[0]; dv[1] = v1[1] - v0[1]; dv[2] = v1[2] - v0[2];
  }

  /** MarkerPair.addForcePair of a pair of {@link PointMarkerShortcuts.points} (unit Jacobians: f += [−F; F] on the markers with coordinates). */
  addForcePair(pair: MarkerPair, force: Float64Array, f: Float64Array): void {
    if (!this.unit) {
      pair.addForcePair(force, f);
      return;
    }
    const f0 = force[0], f1 = force[1], f2 = force[2];
    // the rows of Jᵀ F with J the unit matrix, in addForcePair's order of the sums
    const g0 = f0 + f1 * 0 + f2 * 0, g1 = f0 * 0 + f1 + f2 * 0, g2 = f0 * 0 + f1 * 0 + f2;
    if (!this.fixed0) { f[0] -= g0; f[1] -= g1; f[2] -= g2; }
    if (!this.fixed1) { const o = pair.n0; f[o] += g0; f[o + 1] += g1; f[o + 2] += g2; }
  }

  /**
   * MarkerPair.addProjectedMatrix (factor·Jᵀ S J, J = [−J0, J1]) of a pair of {@link PointMarkerShortcuts.points}, for
   * m without −0 entries (a zeroed local matrix and the sums added to it). With unit Jacobians and finite products
   * factor·S_ij, each entry gains ±factor·S_ij: addProjectedColumns' sum S e_j differs from S_ij at most in the sign of a
   * zero, which adding it to an entry that is not −0 does not show. Otherwise MarkerPair's loops (the Jacobians hold
   * the constant ones).
   */
  addProjectedMatrix(pair: MarkerPair, stiffness: Float64Array, factor: number, m: Float64Array): void {
    const s = stiffness;
    if (!this.unit || !finiteProducts(s, factor)) {
      pair.addProjectedMatrix(stiffness, factor, m);
      return;
    }
    const moving0 = !this.fixed0, moving1 = !this.fixed1;
    const n0 = pair.n0, n = n0 + pair.n1;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const t = factor * s[3 * i + j];
        if (moving0) {
          m[i * n + j] += t;
          if (moving1) {
            m[(n0 + i) * n + j] -= t;
            m[i * n + n0 + j] -= t;
          }
        }
        if (moving1) m[(n0 + i) * n + n0 + j] += t;
      }
    }
  }
}

/** True if each product factor·S_ij of the 3 × 3 matrix is finite (then S is finite too). */
function finiteProducts(s: Float64Array, factor: number): boolean {
  for (let k = 0; k < 9; k++) {
    const t = factor * s[k];
    if (t - t !== 0) return false;
  }
  return true;
}
