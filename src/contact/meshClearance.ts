import type { ContactSpheres } from './contactSpheres.ts';
import type { ContactTriangles } from './contactTriangles.ts';

/**
 * Per sphere, the triangle mesh whose marker moves with the same coordinates as the sphere's (a sphere on the body that
 * carries the mesh, such as the spheres inside a body's own surface), and whether the sphere stays clear of it: seen
 * from the mesh's frame, the centre x lies more than r above or below the plane of every triangle of the mesh (the
 * height pre-test of {@link SphereTriangleContact} rejects each) as long as x stays within `room` of where that was
 * checked. A sphere rigidly fixed to the body is checked once; otherwise it is checked again where it left its room.
 * The heights are measured in the mesh's frame, so that the test covers the rounding of the global points: the room
 * is reduced by 4 times the triangles' largest plane tolerance times the coordinates' magnitudes (≥ both the pre-test's
 * slack and the difference of local and global heights).
 */
export class MeshClearance {
  /** Per sphere: the mesh that moves with it (−1: none), its centre in the mesh's frame at the last check, the room. */
  private mesh = new Int32Array(0);
  private center = new Float64Array(0);
  private room = new Float64Array(0);
  /** Per mesh: 4 × its triangles' largest plane tolerance, and 2 × the largest |x|₁ of its local points. */
  private tolerance = new Float64Array(0);
  private extent = new Float64Array(0);

  constructor(private readonly spheres: ContactSpheres, private readonly triangles: ContactTriangles) {}

  /** Pairs each sphere with the first mesh whose marker has the same coordinates (after both are bound). */
  bind(): void {
    const { spheres, triangles } = this, n = spheres.count, meshes = triangles.meshStart.length - 1;
    const a = spheres.kinematics, b = triangles.bodies;
    this.mesh = new Int32Array(n).fill(-1);
    this.center = new Float64Array(3 * n);
    this.room = new Float64Array(n);
    this.tolerance = new Float64Array(meshes);
    this.extent = new Float64Array(meshes);
    for (let m = 0; m < meshes; m++) {
      for (let t = triangles.meshStart[m]; t < triangles.meshStart[m + 1]; t++) {
        this.tolerance[m] = Math.max(this.tolerance[m], 4 * triangles.planeTolerance[t]);
        for (let k = 0; k < 3; k++) {
          const o = 9 * t + 3 * k, x = triangles.localPoints;
          this.extent[m] = Math.max(this.extent[m], 2 * (Math.abs(x[o]) + Math.abs(x[o + 1]) + Math.abs(x[o + 2])));
        }
      }
    }
    for (let i = 0; i < n; i++) {
      for (let m = 0; m < meshes && this.mesh[i] < 0; m++) {
        const columns = a.columns(i);
        if (b.columns(m) !== columns) continue;
        let same = true;
        for (let c = 0; c < columns && same; c++) same = a.ltg[a.start[i] + c] === b.ltg[b.start[m] + c];
        if (same) this.mesh[i] = m;
      }
      this.room[i] = -1; // not checked yet
    }
  }

  /** The mesh whose triangles sphere i cannot touch at the kinematics of the last update, or −1. */
  clearOf(i: number): number {
    const m = this.mesh[i];
    if (m < 0) return -1;
    const p = this.spheres.kinematics.position3, bodies = this.triangles.bodies, q = bodies.position3, A = bodies.orientation9;
    const px = p[3 * i], py = p[3 * i + 1], pz = p[3 * i + 2];
    const dx = px - q[3 * m], dy = py - q[3 * m + 1], dz = pz - q[3 * m + 2];
    // the centre in the mesh's frame: Aᵀ(p − p_m)
    const x0 = A[9 * m] * dx + A[9 * m + 3] * dy + A[9 * m + 6] * dz;
    const x1 = A[9 * m + 1] * dx + A[9 * m + 4] * dy + A[9 * m + 7] * dz;
    const x2 = A[9 * m + 2] * dx + A[9 * m + 5] * dy + A[9 * m + 8] * dz;
    const margin = this.tolerance[m] * (1 + Math.abs(px) + Math.abs(py) + Math.abs(pz) + Math.abs(q[3 * m]) + Math.abs(q[3 * m + 1]) + Math.abs(q[3 * m + 2])
      + this.extent[m] + Math.abs(x0) + Math.abs(x1) + Math.abs(x2));
    const c = this.center, e0 = x0 - c[3 * i], e1 = x1 - c[3 * i + 1], e2 = x2 - c[3 * i + 2];
    if (Math.sqrt(e0 * e0 + e1 * e1 + e2 * e2) + margin < this.room[i]) return m;
    c[3 * i] = x0; c[3 * i + 1] = x1; c[3 * i + 2] = x2;
    this.room[i] = this.clearance(m, x0, x1, x2, this.spheres.radius[i]);
    return margin < this.room[i] ? m : -1;
  }

  /** The least distance of the heights of (x0, x1, x2) above the planes of mesh m's triangles from [0, r]; 0 if one lies within. */
  private clearance(m: number, x0: number, x1: number, x2: number, r: number): number {
    const { localPoints: y, localNormal: n, meshStart } = this.triangles;
    let room = Infinity;
    for (let t = meshStart[m]; t < meshStart[m + 1]; t++) {
      const height = (x0 - y[9 * t]) * n[3 * t] + (x1 - y[9 * t + 1]) * n[3 * t + 1] + (x2 - y[9 * t + 2]) * n[3 * t + 2];
      const apart = height < 0 ? -height : height - r;
      if (!(apart > 0)) return 0;
      if (apart < room) room = apart;
    }
    return room;
  }
}
