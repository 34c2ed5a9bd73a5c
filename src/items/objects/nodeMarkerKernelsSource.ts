/**
 * The kinematics of a rigid marker formed from its node's coordinates, in the subset of scripts/wasmKernelCompiler.ts: a
 * function the connectors' kernel sources import (jointKernelsSource.ts, translationSpringDamperKernelsSource.ts), so that
 * their modules form a marker's frame with the operations of the marker's JavaScript (bit for bit). Not a module of its
 * own.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { eulerParameterPositionJacobian } from './rigidBodyVelocityKernelsSource.ts';

/**
 * A marker's orientation a, position p, velocity v, body-fixed angular velocity w and (kinds 1, 2) position and rotation
 * Jacobians j, rg (3 × 7) as the marker forms them. Kind 0, a fixed marker: the values at k[0…17] (A, p, v, ω̄). Kinds 1
 * and 2, a marker on the frame of an Euler-parameter node with reference position k[0…2] and reference Euler parameters
 * k[12…15], coordinates q = nodes[x…x + 6] and velocities u = nodes[x + 7…x + 13]: A(e) with e = e_ref + q[3…6], ω̄ = G_l ė,
 * J_rot = [0 | G] as NodeRigidBodyEP forms them; kind 1 at the node's reference point: p = p_ref + q, v = u̇, J_pos = [I | 0];
 * kind 2 at the body-fixed point x = k[3…5] ≠ 0 of a rigid body: p = p_ref + q + A x, v = u̇ + A(ω̄ × x) and J_pos from
 * eulerParameterPositionJacobian, with the operations of RigidFrameKinematics and ObjectRigidBody. Kind 3, a marker on a
 * mass point's node (NodePoint, 3 coordinates): p = p_ref + q, v = u̇, J_pos = I (3 × 3) as pointNodeBase forms them; a,
 * w and rg are not written.
 */
export function nodeMarker(a: Float64Array, p: Float64Array, v: Float64Array, w: Float64Array, j: Float64Array, rg: Float64Array,
  k: Float64Array, nodes: Float64Array, x: Int, kind: Int): void {
  if (kind === 0) {
    for (let i: Int = 0; i < 9; i++) a[i] = k[i];
    p[0] = k[9]; p[1] = k[10]; p[2] = k[11];
    v[0] = k[12]; v[1] = k[13]; v[2] = k[14];
    w[0] = k[15]; w[1] = k[16]; w[2] = k[17];
    return;
  }
  if (kind === 3) {
    p[0] = k[0] + nodes[x]; p[1] = k[1] + nodes[x + 1]; p[2] = k[2] + nodes[x + 2];
    v[0] = nodes[x + 7]; v[1] = nodes[x + 8]; v[2] = nodes[x + 9];
    for (let i: Int = 0; i < 9; i++) j[i] = 0;
    j[0] = 1; j[4] = 1; j[8] = 1;
    return;
  }
  const p0: number = k[12] + nodes[x + 3], p1: number = k[13] + nodes[x + 4];
  const p2: number = k[14] + nodes[x + 5], p3: number = k[15] + nodes[x + 6];
  const a0: number = -2 * p3 * p3 - 2 * p2 * p2 + 1, a1: number = -2 * p3 * p0 + 2 * p2 * p1, a2: number = 2 * p3 * p1 + 2 * p2 * p0;
  const a3: number = 2 * p3 * p0 + 2 * p2 * p1, a4: number = -2 * p3 * p3 - 2 * p1 * p1 + 1, a5: number = 2 * p3 * p2 - 2 * p1 * p0;
  const a6: number = -2 * p2 * p0 + 2 * p3 * p1, a7: number = 2 * p3 * p2 + 2 * p1 * p0, a8: number = -2 * p2 * p2 - 2 * p1 * p1 + 1;
  a[0] = a0; a[1] = a1; a[2] = a2; a[3] = a3; a[4] = a4; a[5] = a5; a[6] = a6; a[7] = a7; a[8] = a8;
  const e0: number = 2 * p0, e1: number = 2 * p1, e2: number = 2 * p2, e3: number = 2 * p3;
  const d0: number = nodes[x + 10], d1: number = nodes[x + 11], d2: number = nodes[x + 12], d3: number = nodes[x + 13];
  const wx: number = 0 + -e1 * d0 + e0 * d1 + e3 * d2 + -e2 * d3;
  const wy: number = 0 + -e2 * d0 + -e3 * d1 + e0 * d2 + e1 * d3;
  const wz: number = 0 + -e3 * d0 + e2 * d1 + -e1 * d2 + e0 * d3;
  w[0] = wx; w[1] = wy; w[2] = wz;
  const px: number = k[0] + nodes[x], py: number = k[1] + nodes[x + 1], pz: number = k[2] + nodes[x + 2];
  const ux: number = nodes[x + 7], uy: number = nodes[x + 8], uz: number = nodes[x + 9];
  if (kind === 1) {
    p[0] = px; p[1] = py; p[2] = pz;
    v[0] = ux; v[1] = uy; v[2] = uz;
    for (let i: Int = 0; i < 21; i++) j[i] = 0;
    j[0] = 1; j[8] = 1; j[16] = 1;
  } else {
    const x0: number = k[3], x1: number = k[4], x2: number = k[5];
    p[0] = px + (a0 * x0 + a1 * x1 + a2 * x2);
    p[1] = py + (a3 * x0 + a4 * x1 + a5 * x2);
    p[2] = pz + (a6 * x0 + a7 * x1 + a8 * x2);
    // A (ω̄ × x)
    const cx: number = wy * x2 - wz * x1, cy: number = wz * x0 - wx * x2, cz: number = wx * x1 - wy * x0;
    v[0] = ux + (a0 * cx + a1 * cy + a2 * cz);
    v[1] = uy + (a3 * cx + a4 * cy + a5 * cz);
    v[2] = uz + (a6 * cx + a7 * cy + a8 * cz);
    eulerParameterPositionJacobian(k, nodes[x + 3], nodes[x + 4], nodes[x + 5], nodes[x + 6], x0, x1, x2, j);
  }
  rg[0] = 0; rg[1] = 0; rg[2] = 0; rg[3] = -e1; rg[4] = e0; rg[5] = -e3; rg[6] = e2;
  rg[7] = 0; rg[8] = 0; rg[9] = 0; rg[10] = -e2; rg[11] = e3; rg[12] = e0; rg[13] = -e1;
  rg[14] = 0; rg[15] = 0; rg[16] = 0; rg[17] = -e3; rg[18] = -e2; rg[19] = e1; rg[20] = e0;
}

/** out = A B (out distinct from a and b). */
export function mat3Mul(out: Float64Array, a: Float64Array, b: Float64Array): void {
  for (let i: Int = 0; i < 3; i++) {
    const x: number = a[3 * i], y: number = a[3 * i + 1], z: number = a[3 * i + 2];
    out[3 * i] = x * b[0] + y * b[3] + z * b[6];
    out[3 * i + 1] = x * b[1] + y * b[4] + z * b[7];
    out[3 * i + 2] = x * b[2] + y * b[5] + z * b[8];
  }
}
