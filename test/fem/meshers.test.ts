import { describe, it, expect } from 'vitest';
import { createBlockMesh, createCylinderMesh, type FemMesh } from '../../src/fem/meshers.ts';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { FlexdynError } from '../../src/core/errors.ts';

/** Sum of the areas of the surface triangles. */
function surfaceArea(fem: FEMinterface): number {
  const t = fem.getSurfaceTriangles();
  const x = fem.nodes;
  let area = 0;
  for (let k = 0; k < t.length; k += 3) {
    const [i, j, l] = [t[k], t[k + 1], t[k + 2]];
    const a = [0, 1, 2].map((d) => x[3 * j + d] - x[3 * i + d]);
    const b = [0, 1, 2].map((d) => x[3 * l + d] - x[3 * i + d]);
    area += 0.5 * Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
  }
  return area;
}

/** Volume enclosed by the surface triangles (divergence theorem, Σ x·n A / 3); positive iff normals point outward. */
function enclosedVolume(fem: FEMinterface): number {
  const t = fem.getSurfaceTriangles();
  const x = fem.nodes;
  let v = 0;
  for (let k = 0; k < t.length; k += 3) {
    const p = [t[k], t[k + 1], t[k + 2]].map((i) => [x[3 * i], x[3 * i + 1], x[3 * i + 2]]);
    v += (p[0][0] * (p[1][1] * p[2][2] - p[1][2] * p[2][1]) - p[0][1] * (p[1][0] * p[2][2] - p[1][2] * p[2][0]) + p[0][2] * (p[1][0] * p[2][1] - p[1][1] * p[2][0])) / 6;
  }
  return v;
}

function model(mesh: FemMesh): FEMinterface {
  const fem = new FEMinterface();
  fem.importMesh(mesh);
  return fem;
}

const material = { youngsModulus: 1e9, poissonsRatio: 0.25, density: 1000 };

describe('block mesher', () => {
  it('numbers nodes x fastest and makes nx·ny·nz hexahedra or 6 times as many tetrahedra', () => {
    const hex = model(createBlockMesh({ size: [2, 1, 0.5], divisions: [4, 3, 2], origin: [1, 0, 0] }));
    expect(hex.numberOfNodes()).toBe(5 * 4 * 3);
    expect(hex.elements.map((b) => [b.type, b.count])).toEqual([['Hex8', 24]]);
    const n = 1 + 5 * (2 + 4 * 1); // node (1, 2, 1)
    expect(Array.from(hex.nodes.subarray(3 * n, 3 * n + 3))).toEqual([1.5, 2 / 3, 0.25]);
    const tet = model(createBlockMesh({ size: [2, 1, 0.5], divisions: [4, 3, 2], elementType: 'Tet4' }));
    expect(tet.elements.map((b) => [b.type, b.count])).toEqual([['Tet4', 144]]);
  });

  it('Hex8 and Tet4 meshes are conforming: their outer surface is the box surface, with outward normals', () => {
    // a non-conforming split would leave interior faces unmatched, adding area inside the box
    for (const elementType of ['Hex8', 'Tet4'] as const) {
      const fem = model(createBlockMesh({ size: [2, 1, 0.5], divisions: [4, 3, 2], elementType }));
      const faces = elementType === 'Hex8' ? 2 * (4 * 3 + 3 * 2 + 4 * 2) : 2 * 2 * (4 * 3 + 3 * 2 + 4 * 2);
      expect(fem.getSurfaceTriangles().length / 3).toBe(elementType === 'Hex8' ? 2 * faces : faces);
      expect(surfaceArea(fem)).toBeCloseTo(2 * (2 * 1 + 1 * 0.5 + 2 * 0.5), 12);
      expect(enclosedVolume(fem)).toBeCloseTo(1, 12);
      expect(fem.computeMassAndStiffness(material)).toBeCloseTo(1, 12); // element volumes
    }
  });

  it('rejects bad divisions and sizes', () => {
    expect(() => createBlockMesh({ size: [1, 1, 1], divisions: [0, 1, 1] })).toThrow(FlexdynError);
    expect(() => createBlockMesh({ size: [1, -1, 1], divisions: [1, 1, 1] })).toThrow(/size must be positive/);
  });
});

describe('cylinder mesher', () => {
  const ro = 0.2, ri = 0.05, L = 0.5;
  // a linear mesh covers the inscribed polygons: area of a regular n-gon of radius r is (n/2) r² sin(2π/n)
  const polygon = (r: number, n: number) => (n / 2) * r * r * Math.sin((2 * Math.PI) / n);
  const side = (r: number, n: number) => 2 * n * r * Math.sin(Math.PI / n);

  it('tube: rings × segments × layers hexahedra, volume and surface of the polygonal tube', () => {
    for (const elementType of ['Hex8', 'Tet4'] as const) {
      const fem = model(createCylinderMesh({ outerRadius: ro, innerRadius: ri, length: L, rings: 3, segments: 16, layers: 5, elementType }));
      expect(fem.numberOfNodes()).toBe(16 * 4 * 6);
      expect(fem.numberOfElements()).toBe(3 * 16 * 5 * (elementType === 'Hex8' ? 1 : 6));
      const V = (polygon(ro, 16) - polygon(ri, 16)) * L;
      expect(fem.computeMassAndStiffness(material)).toBeCloseTo(V, 13);
      expect(enclosedVolume(fem)).toBeCloseTo(V, 13);
      expect(surfaceArea(fem)).toBeCloseTo((side(ro, 16) + side(ri, 16)) * L + 2 * (polygon(ro, 16) - polygon(ri, 16)), 12);
    }
  });

  it('full cylinder: square core plus rings, conforming also for Tet4 (mirrored splits on two sides)', () => {
    for (const elementType of ['Hex8', 'Tet4'] as const) {
      for (const axis of ['x', 'y', 'z'] as const) {
        const fem = model(createCylinderMesh({ outerRadius: ro, length: L, rings: 3, segments: 16, layers: 4, axis, origin: [0.1, 0.2, 0.3], elementType }));
        const m = 4;
        expect(fem.numberOfNodes()).toBe(((m + 1) ** 2 + 3 * 16) * 5);
        expect(fem.numberOfElements()).toBe((m * m + 3 * 16) * 4 * (elementType === 'Hex8' ? 1 : 6));
        const V = polygon(ro, 16) * L;
        expect(fem.computeMassAndStiffness(material)).toBeCloseTo(V, 13);
        expect(surfaceArea(fem)).toBeCloseTo(side(ro, 16) * L + 2 * polygon(ro, 16), 12);
        // the axis runs from origin along the chosen coordinate
        const k = { x: 0, y: 1, z: 2 }[axis];
        const lo = Math.min(...Array.from({ length: fem.numberOfNodes() }, (_, i) => fem.nodes[3 * i + k]));
        expect(lo).toBeCloseTo([0.1, 0.2, 0.3][k], 15);
        expect(fem.getNodesOnCylinder([0.1, 0.2, 0.3], [0.1 + (k === 0 ? L : 0), 0.2 + (k === 1 ? L : 0), 0.3 + (k === 2 ? L : 0)], ro, 1e-9).length).toBe(16 * 5);
      }
    }
  });

  it('rejects segments not divisible by 4 for a full cylinder and a bad inner radius', () => {
    expect(() => createCylinderMesh({ outerRadius: 1, length: 1, rings: 1, segments: 10, layers: 1 })).toThrow(/multiple of 4/);
    expect(() => createCylinderMesh({ outerRadius: 1, innerRadius: 1, length: 1, rings: 1, segments: 8, layers: 1 })).toThrow(/innerRadius/);
  });
});
