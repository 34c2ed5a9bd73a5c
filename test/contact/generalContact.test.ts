import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, LoadForceVector, SensorNode,
  OutputVariableType, DynamicSolverType, FlexdynError, ContactTypeIndex, type MainSystem,
} from '../../src/index.ts';
import { SearchGrid } from '../../src/contact/searchGrid.ts';
import { dynamicSettings } from '../helpers/settings.ts';

/** Deterministic uniform numbers in [0, 1) (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Ball { position: number[]; velocity?: number[]; mass?: number; gravity?: number[] }

/** Mass points (NodePoint, MassPoint) with a contact sphere each; ground spheres where mass is 0. */
function spheres(balls: Ball[], radius: number, k: number, d: number, friction?: number) {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  if (friction !== undefined) {
    contact.setFrictionPairings([[friction]]);
    contact.frictionProportionalZone = 0.01;
  }
  contact.setSearchTreeCellSize([4, 4, 4]);
  const nodes: number[] = [];
  const sensors: number[] = [];
  for (const ball of balls) {
    if (ball.mass === 0) {
      const ground = mbs.addNode(NodePointGround({ referenceCoordinates: ball.position }));
      contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), radius, k, d, 0);
      continue;
    }
    const node = mbs.addNode(NodePoint({ referenceCoordinates: ball.position, initialVelocities: ball.velocity ?? [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: ball.mass ?? 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    if (ball.gravity !== undefined) mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: ball.gravity.map((g) => g * (ball.mass ?? 1)) }));
    contact.addSphereWithMarker(marker, radius, k, d, 0);
    nodes.push(node);
    sensors.push(mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Position })));
  }
  return { mbs, contact, nodes, sensors };
}

const rows = (mbs: MainSystem, sensor: number) => mbs.getSensorStoredData(sensor) as number[][];

describe('GeneralContact search grid', () => {
  it('queries and the pair listing find exactly the overlapping pairs a brute-force search finds, for a random cloud partly outside the grid box', () => {
    const next = random(7);
    const count = 400;
    const boxes = new Float64Array(6 * count);
    for (let i = 0; i < count; i++) {
      const r = 0.02 + 0.1 * next();
      for (let k = 0; k < 3; k++) {
        const x = -0.2 + 1.4 * next(); // the grid covers [0, 1]³: spheres outside are clamped into the boundary cells
        boxes[6 * i + k] = x - r;
        boxes[6 * i + 3 + k] = x + r;
      }
    }
    const grid = new SearchGrid();
    grid.reset(7, 5, 9, [0, 0, 0], [1, 1, 1]);
    grid.build(boxes, count);
    const found: string[] = [];
    for (let a = 0; a < count; a++) {
      const n = grid.query(a, a + 1, count); // the partners b > a
      for (let c = 0; c < n; c++) found.push(`${a},${grid.found[c]}`);
    }
    const brute: string[] = [];
    for (let a = 0; a < count; a++) {
      for (let b = a + 1; b < count; b++) {
        let overlap = true;
        for (let k = 0; k < 3; k++) if (boxes[6 * a + k] > boxes[6 * b + 3 + k] || boxes[6 * b + k] > boxes[6 * a + 3 + k]) overlap = false;
        if (overlap) brute.push(`${a},${b}`);
      }
    }
    expect(brute.length).toBeGreaterThan(100); // the cloud is dense enough to test something
    expect(new Set(found).size).toBe(found.length); // each pair once
    expect([...found].sort()).toEqual([...brute].sort());
    // finds(a, b) is the query's test without the cells: the same pairs (and never an item with itself)
    const tested: string[] = [];
    for (let a = 0; a < count; a++) {
      expect(grid.finds(a, a)).toBe(false);
      for (let b = a + 1; b < count; b++) if (grid.finds(a, b)) tested.push(`${a},${b}`);
    }
    expect(tested.sort()).toEqual([...brute].sort());
    const listed: string[] = [];
    grid.forEachPair((a, b) => listed.push(`${a},${b}`));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...brute].sort());
  });

  it('a query leaving out a range of items lists the other items of the plain query, in its order, also after items moved cells', () => {
    const next = random(11);
    const count = 400;
    const boxes = new Float64Array(6 * count);
    for (let i = 0; i < 6 * count; i += 6) {
      const size = next() < 0.1 ? 0.4 : 0.03; // some boxes span several cells
      for (let k = 0; k < 3; k++) { const x = next(); boxes[i + k] = x - size; boxes[i + 3 + k] = x + size; }
    }
    const grid = new SearchGrid();
    grid.reset(5, 5, 5, [0, 0, 0], [1, 1, 1]);
    let left = 0;
    // a few items moved across cells between builds (their cells' lists change, the bounds found in them must not stay)
    for (let round = 0; round < 4; round++) {
      for (let m = 0; m < 6 * round; m++) {
        const i = Math.floor(next() * count), dx = 0.4 * (next() - 0.5);
        boxes[6 * i] += dx; boxes[6 * i + 3] += dx;
      }
      grid.build(boxes, count);
      const fresh = new SearchGrid();
      fresh.reset(5, 5, 5, [0, 0, 0], [1, 1, 1]);
      fresh.build(boxes, count);
      for (let item = 0; item < count; item += 7) {
        for (const [lo, hi, skipLo, skipHi] of [[0, count, 100, 250], [50, count, 0, 60], [0, 120, 0, 120], [150, 300, 150, 200], [150, 300, 250, 300]]) {
          const listed = (g: SearchGrid, n: number) => Array.from(g.found.subarray(0, n)); // (found after the query: it may grow)
          const all = listed(fresh, fresh.query(item, lo, hi));
          expect(listed(grid, grid.query(item, lo, hi))).toEqual(all);
          const kept = listed(grid, grid.queryExcept(item, lo, hi, skipLo, skipHi));
          const expected = all.filter((j) => j < skipLo || j >= skipHi);
          expect(kept).toEqual(expected);
          left += all.length - expected.length;
        }
      }
    }
    expect(left).toBeGreaterThan(400);
  });

  it('a rebuild keeps the cell lists while no box changes cells and re-sorts when one does: queries as on a fresh grid', () => {
    const next = random(5);
    const count = 300;
    const boxes = new Float64Array(6 * count);
    for (let i = 0; i < 6 * count; i += 6) {
      for (let k = 0; k < 3; k++) { const x = 0.05 + 0.9 * next(); boxes[i + k] = x - 0.03; boxes[i + 3 + k] = x + 0.03; }
    }
    /** Every item's partners of higher index, as "a,b" strings in the order the grid lists them. */
    const pairs = (grid: SearchGrid, b: Float64Array) => {
      const out: string[] = [];
      for (let a = 0; a < count; a++) {
        const n = grid.query(a, a + 1, count);
        for (let c = 0; c < n; c++) out.push(`${a},${grid.found[c]}`);
      }
      return out;
    };
    const fresh = (b: Float64Array) => {
      const grid = new SearchGrid();
      grid.reset(8, 8, 8, [0, 0, 0], [1, 1, 1]);
      grid.build(b, count);
      return pairs(grid, b);
    };
    const kept = new SearchGrid();
    kept.reset(8, 8, 8, [0, 0, 0], [1, 1, 1]);
    kept.build(boxes, count);
    // tiny moves (1e-9, cell size 1/8): the same cells, possibly other overlaps at the margins; then moves across cells
    for (const step of [1e-9, 0.05, 1e-9, 0.2]) {
      for (let i = 0; i < boxes.length; i++) boxes[i] += step * (next() - 0.5);
      for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) if (boxes[6 * i + 3 + k] < boxes[6 * i + k]) boxes[6 * i + 3 + k] = boxes[6 * i + k];
      kept.build(boxes, count);
      const expected = fresh(boxes);
      expect(expected.length).toBeGreaterThan(50);
      expect(pairs(kept, boxes)).toEqual(expected); // the same pairs in the same order
    }
    // every third item fixed (its box kept, its cells found once): while the others move, queries as on a fresh grid;
    // after a reset the fixed items' cells are found again (the same boxes in a grid box shifted by a cell)
    const withFixed = new SearchGrid();
    withFixed.reset(8, 8, 8, [0, 0, 0], [1, 1, 1]);
    withFixed.setFixedItems(Array.from({ length: count }, (_, i) => (i % 3 === 0 ? 1 : 0)));
    withFixed.build(boxes, count);
    for (const step of [0.05, 1e-9, 0.2]) {
      for (let i = 0; i < count; i++) if (i % 3 !== 0) for (let k = 0; k < 6; k++) boxes[6 * i + k] += step * (next() - 0.5);
      for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) if (boxes[6 * i + 3 + k] < boxes[6 * i + k]) boxes[6 * i + 3 + k] = boxes[6 * i + k];
      withFixed.build(boxes, count);
      expect(pairs(withFixed, boxes)).toEqual(fresh(boxes));
      // the pair listing too (the fixed items' cell lists merged with the others'), in the same order
      const freshGrid = new SearchGrid();
      freshGrid.reset(8, 8, 8, [0, 0, 0], [1, 1, 1]);
      freshGrid.build(boxes, count);
      const listed = (grid: SearchGrid) => { const out: string[] = []; grid.forEachPair((a, b) => out.push(`${a},${b}`)); return out; };
      expect(listed(withFixed)).toEqual(listed(freshGrid));
      expect(listed(withFixed).length).toBeGreaterThan(50);
    }
    // a few items change cells per build (moved in the lists, not sorted again), then many items crowd into one
    // corner (more than a cell's spare slots: sorted again)
    const moving = new SearchGrid();
    moving.reset(8, 8, 8, [0, 0, 0], [1, 1, 1]);
    moving.build(boxes, count);
    for (let round = 0; round < 20; round++) {
      for (let m = 0; m < 5; m++) {
        const i = Math.floor(next() * count), dx = 0.3 * (next() - 0.5), dy = 0.3 * (next() - 0.5);
        boxes[6 * i] += dx; boxes[6 * i + 3] += dx; boxes[6 * i + 1] += dy; boxes[6 * i + 4] += dy;
      }
      if (round === 15) for (let i = 0; i < 40; i++) for (let k = 0; k < 3; k++) { boxes[6 * i + k] = 0.01 + 0.001 * i; boxes[6 * i + 3 + k] = 0.02 + 0.001 * i; }
      moving.build(boxes, count);
      expect(pairs(moving, boxes)).toEqual(fresh(boxes));
    }
    withFixed.reset(8, 8, 8, [-0.125, 0, 0], [0.875, 1, 1]);
    withFixed.build(boxes, count);
    const shifted = new SearchGrid();
    shifted.reset(8, 8, 8, [-0.125, 0, 0], [0.875, 1, 1]);
    shifted.build(boxes, count);
    expect(pairs(withFixed, boxes)).toEqual(pairs(shifted, boxes));
    // fewer items: sorted again
    kept.build(boxes, count - 100);
    expect(kept.query(0, 1, count - 100)).toBe([...Array(count - 101).keys()].filter((j) => {
      const b = j + 1;
      for (let k = 0; k < 3; k++) if (boxes[k] > boxes[6 * b + 3 + k] || boxes[6 * b + k] > boxes[3 + k]) return false;
      return true;
    }).length);
  });

  it('after assemble, the active contacts are those of the assembled state (recorded when first asked for), until updateContacts', () => {
    const next = random(13);
    const radius = 0.08;
    const balls = Array.from({ length: 60 }, () => ({ position: [next(), next(), next()] }));
    const { mbs, contact } = spheres(balls, radius, 1e3, 0);
    mbs.assemble();
    const overlapping = (positions: number[][]) => positions.map((p, i) => positions.map((_, j) => j)
      .filter((j) => j !== i && Math.hypot(...p.map((x, k) => x - positions[j][k])) < 2 * radius));
    const assembled = overlapping(balls.map((b) => b.position));
    // every sphere moved by a different amount in x before the first question: the answer is still the assembled state's
    const shifted = balls.map((b, i) => [b.position[0] + 0.05 * i, b.position[1], b.position[2]]);
    mbs.systemData.setODE2Coordinates(balls.flatMap((_, i) => [0.05 * i, 0, 0]));
    expect(assembled.flat().length).toBeGreaterThan(10);
    expect(overlapping(shifted)).not.toEqual(assembled);
    balls.forEach((_, i) => expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, i)).toEqual(assembled[i]));
    contact.updateContacts();
    balls.forEach((_, i) => expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, i)).toEqual(overlapping(shifted)[i]));
  });

  it('active contacts of an assembled cloud equal the brute-force overlapping spheres; getItemsInBox', () => {
    const next = random(11);
    const radius = 0.06;
    const balls = Array.from({ length: 150 }, () => ({ position: [next(), next(), next()] }));
    const { mbs, contact } = spheres(balls, radius, 1e3, 0);
    contact.setSearchTreeCellSize([6, 6, 6]);
    mbs.assemble();
    contact.updateContacts();
    let pairs = 0;
    for (let i = 0; i < balls.length; i++) {
      const expected: number[] = [];
      for (let j = 0; j < balls.length; j++) {
        if (j !== i && Math.hypot(...balls[i].position.map((x, k) => x - balls[j].position[k])) < 2 * radius) expected.push(j);
      }
      pairs += expected.length;
      expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, i)).toEqual(expected);
    }
    expect(pairs).toBeGreaterThan(20);
    const inBox = contact.getItemsInBox([0.2, 0.2, 0.2], [0.5, 0.5, 0.5]).MarkerBasedSpheres;
    const expectedInBox = balls.map((b, i) => (b.position.every((x) => x + radius >= 0.2 && x - radius <= 0.5) ? i : -1)).filter((i) => i >= 0);
    expect(inBox).toEqual(expectedInBox);
  });
});

describe('GeneralContact spheres: force law', () => {
  // two equal spheres (m = 1, k = 1e4 each: springs in series k_eff = 5e3, reduced mass 0.5, ω = 100 rad/s)
  const m = 1, k = 1e4, r = 0.1, v0 = 0.5, gap0 = 0.01;
  const kEff = k / 2, mRed = m / 2, omega = Math.sqrt(kEff / mRed);

  function collide(solver: DynamicSolverType, steps: number, damping = 0) {
    const model = spheres([
      { position: [0, 0, 0], velocity: [v0, 0, 0], mass: m },
      { position: [2 * r + gap0, 0, 0], velocity: [-v0, 0, 0], mass: m },
    ], r, k, damping);
    model.mbs.assemble();
    const settings = dynamicSettings(0.06, steps);
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    settings.timeIntegration.newton.absoluteTolerance = 1e-12;
    if (solver !== DynamicSolverType.GeneralizedAlpha) settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
    settings.timeIntegration.numberOfSteps = steps;
    model.mbs.solveDynamic(settings, solver);
    const a = rows(model.mbs, model.sensors[0]), b = rows(model.mbs, model.sensors[1]);
    const penetration = Math.max(...a.map((row, i) => 2 * r - (b[i][1] - row[1])));
    const velocities = model.nodes.map((n) => model.mbs.getNodeOutput(n, OutputVariableType.Velocity)[0]);
    return { penetration, velocities };
  }

  it('two spheres colliding (explicit RK4): momentum conserved, penetration = Δv·√(m_red/k_eff), elastic exchange of velocities', () => {
    const { penetration, velocities } = collide(DynamicSolverType.RK44, 6000);
    // undamped: the contact is a linear spring of k_eff between reduced mass m_red; maximum compression v_rel/ω.
    // Sampling every h = 1e-5 s misses the peak by at most δ(ωh)²/8 ≈ 1.3e-7 δ; RK4's error is far smaller.
    expect(penetration).toBeCloseTo(2 * v0 / omega, 9);
    expect(Math.abs(penetration - 2 * v0 / omega) / (2 * v0 / omega)).toBeLessThan(2e-7);
    // the contact forces are equal and opposite: momentum is conserved to round-off
    expect(Math.abs(velocities[0] + velocities[1])).toBeLessThan(1e-12);
    // half a period of the contact spring: the spheres leave with their velocities exchanged; the step that crosses the
    // release point of the force kink at g = 0 costs O(h) in velocity
    expect(velocities[0]).toBeCloseTo(-v0, 4);
    expect(velocities[1]).toBeCloseTo(v0, 4);
  });

  it('two spheres colliding (implicit generalized-α, analytic Jacobian) with damping: momentum conserved, energy lost', () => {
    const { penetration, velocities } = collide(DynamicSolverType.GeneralizedAlpha, 3000, 10);
    expect(Math.abs(velocities[0] + velocities[1])).toBeLessThan(1e-10);
    // damped: the rebound is slower than the approach, and the compression smaller than the undamped one
    expect(velocities[1]).toBeGreaterThan(0);
    expect(velocities[1]).toBeLessThan(v0);
    expect(penetration).toBeLessThan(2 * v0 / omega);
    expect(penetration).toBeGreaterThan(0.5 * 2 * v0 / omega);
  });

  it('a sphere resting on a fixed sphere: static force = weight, penetration = m g/k_eff (static solver)', () => {
    const g = 9.81, mass = 2;
    const model = spheres([
      { position: [0, 0, 0], mass: 0 },
      { position: [0, 0, 2 * r - 1e-3], mass, gravity: [0, 0, -g] },
    ], r, k, 5);
    model.mbs.assemble();
    const settings = dynamicSettings(1, 1);
    settings.staticSolver.newton.relativeTolerance = 1e-12;
    model.mbs.solveStatic(settings);
    const z = model.mbs.getNodeOutput(model.nodes[0], OutputVariableType.Position)[2];
    // the penalty is linear in the gap: Newton with the analytic Jacobian meets k_eff (2r − z) = m g to round-off
    expect(kEff * (2 * r - z)).toBeCloseTo(mass * g, 9);
    expect(model.contact.getActiveContacts(0, 0)).toEqual([1]);
  });

  it('a sphere resting on two overlapping fixed spheres, one listed before and one after it: symmetric static force = weight; the fixed pair stays an active contact', () => {
    // the fixed pair adds nothing to forces or Jacobians and is skipped there, but it is in contact (getActiveContacts)
    const g = 9.81, mass = 2, a = 0.8 * r, z0 = Math.sqrt((2 * r) ** 2 - a * a) - 1e-3;
    const model = spheres([
      { position: [-a, 0, 0], mass: 0 },
      { position: [0, 0, z0], mass, gravity: [0, 0, -g] },
      { position: [a, 0, 0], mass: 0 },
    ], r, k, 5);
    model.mbs.assemble();
    const settings = dynamicSettings(1, 1);
    settings.staticSolver.newton.relativeTolerance = 1e-12;
    model.mbs.solveStatic(settings);
    const [x, y, z] = model.mbs.getNodeOutput(model.nodes[0], OutputVariableType.Position);
    const distance = Math.hypot(a, z);
    // two springs of k_eff at the angle of the line between the centres: 2 k_eff (2r − |d|) z/|d| = m g
    expect(2 * kEff * (2 * r - distance) * z / distance).toBeCloseTo(mass * g, 9);
    expect(Math.abs(x)).toBeLessThan(1e-12);
    expect(y).toBe(0);
    expect(model.contact.getActiveContacts(0, 0)).toEqual([1, 2]);
    expect(model.contact.getActiveContacts(0, 2)).toEqual([0, 1]);
  });

  it('a sphere resting on a large fixed sphere (its pairs tested per sphere, not by its cells); a run-time move of the ground node moves the resting place', () => {
    const g = 9.81, mass = 2, R = 20;
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setSearchTreeCellSize([8, 8, 8]);
    const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, -R] }));
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), R, k, 5, 0);
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, r - 1e-3] }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 0, -g * mass] }));
    contact.addSphereWithMarker(marker, r, k, 5, 0);
    mbs.assemble();
    const settings = dynamicSettings(1, 1);
    settings.staticSolver.newton.relativeTolerance = 1e-12;
    const kSeries = k / 2; // both spheres k
    mbs.solveStatic(settings);
    const z0 = mbs.getNodeOutput(node, OutputVariableType.Position)[2];
    expect(kSeries * (r - z0)).toBeCloseTo(mass * g, 9);
    // the ground sphere 0.25 higher (a run-time change of the assembled system): the sphere rests 0.25 higher
    mbs.setNodeParameter(ground, 'referenceCoordinates', [0, 0, -R + 0.25]);
    mbs.solveStatic(settings);
    expect(mbs.getNodeOutput(node, OutputVariableType.Position)[2] - z0).toBeCloseTo(0.25, 9);
  });

  it('a dropped sphere comes to rest on a fixed sphere at the static penetration (explicit and implicit agree)', () => {
    const g = 9.81, mass = 2;
    for (const solver of [DynamicSolverType.GeneralizedAlpha, DynamicSolverType.RK44]) {
      const model = spheres([
        { position: [0, 0, 0], mass: 0 },
        { position: [0, 0, 2 * r + 0.002], mass, gravity: [0, 0, -g] },
      ], r, k, 50);
      model.mbs.assemble();
      model.mbs.solveDynamic(dynamicSettings(1, 10000), solver);
      const z = model.mbs.getNodeOutput(model.nodes[0], OutputVariableType.Position)[2];
      // dampers in parallel d = 100: ζ = d/(2√(m k_eff)) = 0.5, decay rate ζω = 25/s: after 1 s the remaining
      // motion is below e⁻²⁵ of the drop
      expect(kEff * (2 * r - z)).toBeCloseTo(mass * g, 6);
    }
  });
});

describe('GeneralContact: a repeated evaluation at the same state', () => {
  it('gives the bits of a fresh contact at that state, after moves away and back and after a settings change', () => {
    const balls = [
      { position: [0, 0, 0], velocity: [0, 0, 0] },
      { position: [0.19, 0.01, -0.02], velocity: [-0.2, 0.004, 0.1] },
      { position: [0.02, 0.185, 0.03], velocity: [0.1, -0.1, 0.3] },
    ];
    const model = () => {
      const built = spheres(balls, 0.1, 1e4, 20, 0.4);
      built.mbs.assemble();
      return { contact: built.contact, s: built.mbs.compiled().data.current };
    };
    const { contact, s } = model();
    const lhs = (c: typeof contact, state: typeof s) => { const out = new Float64Array(state.u.length); c.addODE2Lhs(state, out, 1); return Array.from(out); };
    // a contact assembled anew, at s's coordinates and with the friction of now: nothing it computes is reused
    const fresh = () => {
      const other = model();
      other.s.q.set(s.q);
      other.s.u.set(s.u);
      other.contact.setFrictionPairings([[friction]]);
      return lhs(other.contact, other.s);
    };
    let friction = 0.4;
    const first = lhs(contact, s);
    expect(Math.max(...first.map(Math.abs))).toBeGreaterThan(10); // in contact
    expect(lhs(contact, s)).toEqual(first);
    s.q[3] += 1e-3;
    const moved = lhs(contact, s);
    expect(moved).not.toEqual(first);
    expect(moved).toEqual(fresh());
    s.q[3] -= 1e-3;
    expect(lhs(contact, s)).toEqual(fresh());
    friction = 0.1;
    contact.setFrictionPairings([[friction]]);
    const changed = lhs(contact, s);
    expect(changed).not.toEqual(first);
    expect(changed).toEqual(fresh());
  });
});

describe('GeneralContact spheres: analytic Jacobian against central differences', () => {
  for (const [name, mu, tangential] of [['frictionless', 0, 0.3], ['regularized friction', 0.4, 0.004], ['Coulomb friction', 0.4, 0.3]] as const) {
    it(`${name}: ∂f/∂q and ∂f/∂u at random states in contact`, () => {
      const next = random(name.length);
      const r = 0.1;
      const { mbs, contact } = spheres([
        { position: [0, 0, 0], velocity: [0, 0, 0] },
        { position: [0.19, 0.01, -0.02], velocity: [-0.2, tangential, 0.1] },
        { position: [0.02, 0.185, 0.03], velocity: [0.1, -0.1, tangential] },
      ], r, 1e4, 20, mu);
      mbs.assemble();
      const s = mbs.compiled().data.current;
      for (let k = 0; k < s.q.length; k++) s.q[k] += 1e-3 * (next() - 0.5);
      for (let k = 0; k < s.u.length; k++) s.u[k] += 1e-3 * (next() - 0.5);
      const n = s.u.length;
      const lhs = (out: Float64Array) => { out.fill(0); contact.addODE2Lhs(s, out, 1); return out; };
      const f0 = lhs(new Float64Array(n));
      expect(Math.max(...f0.map(Math.abs))).toBeGreaterThan(10); // in contact
      for (const [factorQ, factorU, coordinates] of [[1, 0, s.q], [0, 1, s.u]] as const) {
        const analytic = new Float64Array(n * n);
        contact.addODE2LhsJacobian(s, { add: (row, col, value) => { analytic[row * n + col] += value; } }, factorQ, factorU);
        const plus = new Float64Array(n), minus = new Float64Array(n);
        const eps = 1e-7;
        let largest = 0, error = 0;
        for (let c = 0; c < n; c++) {
          const saved = coordinates[c];
          coordinates[c] = saved + eps; lhs(plus);
          coordinates[c] = saved - eps; lhs(minus);
          coordinates[c] = saved;
          for (let row = 0; row < n; row++) {
            const numeric = (plus[row] - minus[row]) / (2 * eps);
            largest = Math.max(largest, Math.abs(numeric));
            error = Math.max(error, Math.abs(numeric - analytic[row * n + c]));
          }
        }
        // central differences: truncation ε²·f''' and round-off |f|·1e-16/ε, both ≤ 1e-7 of the entries (~1e4)
        expect(largest).toBeGreaterThan(1);
        expect(error / largest).toBeLessThan(1e-7);
      }
    });
  }
});

describe('GeneralContact bad input', () => {
  const contact = () => new SystemContainer().addSystem().addGeneralContact();
  it('names setting, expected and got', () => {
    expect(() => contact().addSphereWithMarker(0, 0, 1, 0, 0)).toThrow(/GeneralContact 0: radius must be a finite number > 0, got number 0/);
    expect(() => contact().addSphereWithMarker(0, 0.1, -1, 0, 0)).toThrow(/contactStiffness must be a finite number > 0, got number -1/);
    expect(() => contact().addSphereWithMarker(0, 0.1, 1, -1, 0)).toThrow(/contactDamping must be a finite number ≥ 0, got number -1/);
    expect(() => contact().setFrictionPairings([[-0.1]])).toThrow(/frictionPairings\[0\]\[0\] must be a finite number ≥ 0 \(a friction coefficient μ\), got number -0.1/);
    expect(() => contact().setFrictionPairings([[0.1, 0.2], [0.3, 0.1]])).toThrow(/frictionPairings must be symmetric/);
    expect(() => contact().setSearchTreeCellSize([0, 4, 4])).toThrow(/numberOfCells\[0\] must be an integer ≥ 1 \(a search tree of 0 cells finds nothing\), got number 0/);
    expect(() => contact().setSearchTreeCellSize([4, 4, 4])).not.toThrow();
    expect(() => contact().addSphereWithMarker(0, 0.1, 1, 0, 0)).not.toThrow();
    expect(() => contact().addSphereWithMarker(0, Number.NaN, 1, 0, 0)).toThrow(FlexdynError);
  });

  it('at assemble(): a marker index out of range, a friction material index outside the pairings', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    const gc = mbs.addGeneralContact();
    gc.addSphereWithMarker(marker + 5, 0.1, 1, 0, 0);
    expect(() => mbs.assemble()).toThrow(/GeneralContact 0: sphere 0 refers to marker 5, which does not exist \(1 markers\)/);
    mbs.reset();
    const node2 = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node2 }));
    const marker2 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node2 }));
    mbs.addGeneralContact().addSphereWithMarker(marker2, 0.1, 1, 0, 2);
    expect(() => mbs.assemble()).toThrow(/sphere 0 has frictionMaterialIndex 2, expected < 1/);
    expect(() => new SystemContainer().addSystem().addGeneralContact().updateContacts()).toThrow(/updateContacts needs an assembled system/);
  });
});
