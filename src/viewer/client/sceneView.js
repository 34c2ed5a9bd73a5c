// The three.js drawing of a Flexdyn scene (docs/viewer.md, "Scene file"), shared by the file viewer (viewer.js) and the
// live page (live.js): createSceneView builds the objects from a scene; append() adds the frames of a further scene
// chunk of the same model (the live page receives the frames while the solver computes them).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const tubeTiles = 16;

/** Typed array of an encoded scene array (base64 of little-endian bytes). */
export function decode(e) {
  const text = atob(e.base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const Type = { float32: Float32Array, float64: Float64Array, uint32: Uint32Array }[e.dtype];
  return new Type(bytes.buffer);
}

/** Per-frame data of one drawn item: `stride` numbers per frame, growing by append (amortized doubling). */
class FrameData {
  constructor(first, stride) {
    this.stride = stride;
    this.data = first;
    this.length = first.length;
  }
  append(more) {
    if (this.length + more.length > this.data.length) {
      const grown = new this.data.constructor(Math.max(2 * this.data.length, this.length + more.length));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    this.data.set(more, this.length);
    this.length += more.length;
  }
  frame(f) { return this.data.subarray(f * this.stride, (f + 1) * this.stride); }
}

/** Poses of a chunk of nFrames frames, with a static (one-pose) entry repeated for every frame. */
function posesOf(poses, isStatic, nFrames) {
  const p = decode(poses);
  if (!isStatic) return p;
  const out = new Float32Array(12 * nFrames);
  for (let f = 0; f < nFrames; f++) out.set(p.subarray(0, 12), 12 * f);
  return out;
}

function meshObject(mesh) {
  const group = new THREE.Group();
  const indices = decode(mesh.indices);
  if (indices.length > 0) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(decode(mesh.positions), 3));
    g.setAttribute('normal', new THREE.BufferAttribute(decode(mesh.normals), 3));
    g.setAttribute('color', new THREE.BufferAttribute(decode(mesh.colors), 4));
    g.setIndex(new THREE.BufferAttribute(indices, 1));
    group.add(new THREE.Mesh(g, new THREE.MeshPhongMaterial({ vertexColors: true, side: THREE.DoubleSide, shininess: 40 })));
  }
  const lines = decode(mesh.linePositions);
  if (lines.length > 0) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(lines, 3));
    g.setAttribute('color', new THREE.BufferAttribute(decode(mesh.lineColors), 4));
    group.add(new THREE.LineSegments(g, new THREE.LineBasicMaterial({ vertexColors: true })));
  }
  group.matrixAutoUpdate = false;
  return group;
}

function setPose(object, p) {
  object.matrix.set(p[3], p[4], p[5], p[0], p[6], p[7], p[8], p[1], p[9], p[10], p[11], p[2], 0, 0, 0, 1);
  object.matrixWorldNeedsUpdate = true;
}

/** A body: its mesh at the pose of each frame (a static body has one pose). */
function bodyObject(body, nFrames) {
  const object = meshObject(body.mesh);
  const poses = new FrameData(body.static ? decode(body.poses) : posesOf(body.poses, false, nFrames), 12);
  setPose(object, poses.frame(0));
  return {
    object,
    append(b) { if (!body.static) poses.append(decode(b.poses)); },
    setFrame(f) { if (!body.static) setPose(object, poses.frame(f)); },
  };
}

/** A tube along nSamples frames (position + rotation matrix, columns tangent, normal, binormal). */
function tubeObject(rod) {
  const n = rod.nSamples;
  const g = new THREE.BufferGeometry();
  const positions = new Float32Array(3 * n * tubeTiles), normals = new Float32Array(3 * n * tubeTiles);
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  g.setAttribute('normal', new THREE.BufferAttribute(normals, 3));
  const index = [];
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j < tubeTiles; j++) {
      const a = i * tubeTiles + j, b = i * tubeTiles + (j + 1) % tubeTiles, c = b + tubeTiles, d = a + tubeTiles;
      index.push(a, b, c, a, c, d);
    }
  }
  g.setIndex(index);
  const [r, gr, b] = rod.color;
  const mesh = new THREE.Mesh(g, new THREE.MeshPhongMaterial({ color: new THREE.Color(r, gr, b), side: THREE.DoubleSide, shininess: 40 }));
  mesh.frustumCulled = false;
  const samples = new FrameData(decode(rod.samples), 12 * n);
  return {
    object: mesh,
    append(chunk) { samples.append(decode(chunk.samples)); },
    setFrame(f) {
      const s0 = samples.frame(f);
      for (let i = 0; i < n; i++) {
        const s = 12 * i;
        for (let j = 0; j < tubeTiles; j++) {
          const phi = (2 * Math.PI * j) / tubeTiles, cs = Math.cos(phi), sn = Math.sin(phi);
          const v = 3 * (i * tubeTiles + j);
          for (let k = 0; k < 3; k++) {
            const nk = cs * s0[s + 4 + 3 * k] + sn * s0[s + 5 + 3 * k];
            normals[v + k] = nk;
            positions[v + k] = s0[s + k] + rod.radius * nk;
          }
        }
      }
      g.attributes.position.needsUpdate = true;
      g.attributes.normal.needsUpdate = true;
    },
  };
}

/** A polyline (nPoints per frame): a connector line (2 points) or a spring coil. */
function polylineObject(item, nPoints, segments) {
  const g = new THREE.BufferGeometry();
  const positions = new Float32Array(3 * nPoints);
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  const [r, gr, b] = item.color;
  const material = new THREE.LineBasicMaterial({ color: new THREE.Color(r, gr, b) });
  const object = segments ? new THREE.LineSegments(g, material) : new THREE.Line(g, material);
  object.frustumCulled = false;
  const points = new FrameData(decode(item.points), 3 * nPoints);
  return {
    object,
    append(chunk) { points.append(decode(chunk.points)); },
    setFrame(f) { positions.set(points.frame(f)); g.attributes.position.needsUpdate = true; },
  };
}

/** A joint part: its mesh at the joint frame pose of each frame. */
function jointPartObject(part, nFrames) {
  const object = meshObject(part.mesh);
  const poses = new FrameData(posesOf(part.poses, part.static, nFrames), 12);
  setPose(object, poses.frame(0));
  return {
    object,
    append(chunkPart, chunkFrames) { poses.append(posesOf(chunkPart.poses, chunkPart.static, chunkFrames)); },
    setFrame(f) { setPose(object, poses.frame(f)); },
  };
}

/** The graphics of a graphicsDataUserFunction: one mesh per frame (global coordinates), built when first shown. */
function userGraphicsObject(item) {
  const object = new THREE.Group();
  const frames = [...item.frames];
  const cache = new Map();
  let shown;
  return {
    object,
    append(chunk) { frames.push(...chunk.frames); },
    setFrame(f) {
      if (!cache.has(f)) { const m = meshObject(frames[f]); m.matrix.identity(); cache.set(f, m); }
      if (shown !== undefined) object.remove(shown);
      shown = cache.get(f);
      object.add(shown);
    },
  };
}

/** Exudyn's contour colours: blue → cyan → green → yellow → red over [0, 1]. */
function contourColor(x, out, o) {
  const t = Math.min(1, Math.max(0, x)) * 4, k = Math.min(3, Math.floor(t)), u = t - k;
  const stops = [[0, 0, 1], [0, 1, 1], [0, 1, 0], [1, 1, 0], [1, 0, 0]];
  for (let c = 0; c < 3; c++) out[o + c] = stops[k][c] + u * (stops[k + 1][c] - stops[k][c]);
}

/** A mesh body (FFRF): surface triangles (or points) at per-frame node positions, optionally contour-coloured. */
function meshBodyObject(body) {
  const n = body.nMeshNodes;
  const all = new FrameData(decode(body.positions), 3 * n), triangles = decode(body.triangles);
  const g = new THREE.BufferGeometry();
  const positions = new Float32Array(3 * n);
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  const contour = body.contour ? { ...body.contour } : undefined;
  const values = contour ? new FrameData(decode(contour.values), n) : undefined;
  const frameMin = contour?.frameMin ? new FrameData(decode(contour.frameMin), 1) : undefined;
  const frameMax = contour?.frameMax ? new FrameData(decode(contour.frameMax), 1) : undefined;
  const colors = values ? new Float32Array(3 * n) : undefined;
  if (colors) g.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  const [r, gr, b] = body.color;
  let object;
  if (triangles.length > 0) {
    g.setIndex(new THREE.BufferAttribute(triangles, 1));
    object = new THREE.Mesh(g, new THREE.MeshPhongMaterial({ color: colors ? 0xffffff : new THREE.Color(r, gr, b), vertexColors: !!colors, side: THREE.DoubleSide, shininess: 30 }));
  } else {
    object = new THREE.Points(g, new THREE.PointsMaterial({ color: colors ? 0xffffff : new THREE.Color(r, gr, b), vertexColors: !!colors, size: 4, sizeAttenuation: false }));
  }
  object.frustumCulled = false;
  return {
    object,
    append(chunk) {
      all.append(decode(chunk.positions));
      if (!contour || !chunk.contour) return;
      values.append(decode(chunk.contour.values));
      if (frameMin) { frameMin.append(decode(chunk.contour.frameMin)); frameMax.append(decode(chunk.contour.frameMax)); }
      if (contour.range === 'all') { contour.min = Math.min(contour.min, chunk.contour.min); contour.max = Math.max(contour.max, chunk.contour.max); }
    },
    /** Colour range of frame f: per frame with range 'frame', else the scene's min … max. */
    contourRange(f) { return frameMin ? [frameMin.data[f], frameMax.data[f]] : [contour.min, contour.max]; },
    setFrame(f) {
      positions.set(all.frame(f));
      g.attributes.position.needsUpdate = true;
      if (triangles.length > 0) g.computeVertexNormals();
      if (colors) {
        const [min, max] = this.contourRange(f), range = Math.max(max - min, 1e-300), v = values.frame(f);
        for (let k = 0; k < n; k++) contourColor((v[k] - min) / range, colors, 3 * k);
        g.attributes.color.needsUpdate = true;
      }
    },
  };
}

/**
 * A GeneralContact: its spheres (one instanced unit sphere, scaled by the radii, placed at the centres of each frame),
 * its triangles (one mesh, its points set per frame unless static) and its contact points of each frame (a point cloud
 * whose size changes from frame to frame).
 */
function contactObject(contact) {
  const object = new THREE.Group();
  const radii = decode(contact.radii), n = radii.length;
  const centers = new FrameData(decode(contact.centers), 3 * n);
  let spheres;
  if (n > 0) {
    const [r, g, b] = contact.sphereColor;
    spheres = new THREE.InstancedMesh(new THREE.SphereGeometry(1, 16, 12), new THREE.MeshPhongMaterial({ color: new THREE.Color(r, g, b), shininess: 40 }), n);
    spheres.frustumCulled = false;
    object.add(spheres);
  }
  const nTriangles = contact.nTriangles ?? 0;
  let triangleFrames, triangleGeometry;
  if (nTriangles > 0) {
    triangleFrames = new FrameData(decode(contact.triangles), 9 * nTriangles);
    triangleGeometry = new THREE.BufferGeometry();
    triangleGeometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(9 * nTriangles), 3));
    const [r, g, b] = contact.triangleColor;
    const mesh = new THREE.Mesh(triangleGeometry, new THREE.MeshPhongMaterial({ color: new THREE.Color(r, g, b), side: THREE.DoubleSide, shininess: 20 }));
    mesh.frustumCulled = false;
    object.add(mesh);
  }
  /** Sets the triangles' points of frame f (frame 0 for static triangles) and their flat normals. */
  const showTriangles = (f) => {
    triangleGeometry.attributes.position.array.set(triangleFrames.frame(contact.trianglesStatic ? 0 : f));
    triangleGeometry.attributes.position.needsUpdate = true;
    triangleGeometry.computeVertexNormals();
  };
  if (nTriangles > 0) showTriangles(0);
  const offsets = [...decode(contact.pointOffsets)];
  const points = new FrameData(decode(contact.points), 4);
  const pointGeometry = new THREE.BufferGeometry();
  let pointPositions = new Float32Array(3);
  pointGeometry.setAttribute('position', new THREE.BufferAttribute(pointPositions, 3));
  const [pr, pg, pb] = contact.pointColor;
  const cloud = new THREE.Points(pointGeometry, new THREE.PointsMaterial({ color: new THREE.Color(pr, pg, pb), size: 7, sizeAttenuation: false }));
  cloud.frustumCulled = false;
  object.add(cloud);
  const matrix = new THREE.Matrix4();
  let shownPoints = 0;
  return {
    object,
    append(chunk) {
      centers.append(decode(chunk.centers));
      if (nTriangles > 0 && !contact.trianglesStatic) triangleFrames.append(decode(chunk.triangles));
      const base = offsets[offsets.length - 1], more = decode(chunk.pointOffsets);
      for (let f = 1; f < more.length; f++) offsets.push(base + more[f]);
      points.append(decode(chunk.points));
    },
    setFrame(f) {
      if (nTriangles > 0 && !contact.trianglesStatic) showTriangles(f);
      if (spheres) {
        const c = centers.frame(f);
        for (let i = 0; i < n; i++) {
          matrix.makeScale(radii[i], radii[i], radii[i]).setPosition(c[3 * i], c[3 * i + 1], c[3 * i + 2]);
          spheres.setMatrixAt(i, matrix);
        }
        spheres.instanceMatrix.needsUpdate = true;
      }
      const first = offsets[f], count = offsets[f + 1] - first;
      if (pointPositions.length < 3 * count) {
        pointPositions = new Float32Array(Math.max(3 * count, 2 * pointPositions.length));
        pointGeometry.setAttribute('position', new THREE.BufferAttribute(pointPositions, 3));
      }
      for (let k = 0; k < count; k++) for (let d = 0; d < 3; d++) pointPositions[3 * k + d] = points.data[4 * (first + k) + d];
      if (count > 0) pointGeometry.attributes.position.needsUpdate = true;
      pointGeometry.setDrawRange(0, count);
      shownPoints = count;
    },
    /** Number of contact points shown in the current frame. */
    get shownPoints() { return shownPoints; },
  };
}

/**
 * Draws `scene` into the element `view` (a WebGL canvas with id 'scene-canvas' and orbit controls). Returns the view:
 * times (grows with append), showFrame(f), render(), append(chunk), fit() (camera on the bounds so far), resize(),
 * toPixel(p), counts, springPoints(i), contactPointCount(i), contourInfo(f), and `interacted` (true once the user moved the camera).
 */
export function createSceneView(view, scene) {
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.domElement.id = 'scene-canvas';
  view.appendChild(renderer.domElement);

  const world = new THREE.Scene();
  world.background = new THREE.Color(0xf3f5f8);
  const L = scene.characteristicLength;
  const camera = new THREE.PerspectiveCamera(35, view.clientWidth / Math.max(1, view.clientHeight), L * 1e-3, L * 100);
  world.add(new THREE.HemisphereLight(0xffffff, 0x667788, 1.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.8);
  sun.position.set(0.3, 0.5, 1);
  camera.add(sun);
  world.add(camera);
  const controls = new OrbitControls(camera, renderer.domElement);
  const bounds = { min: [...scene.bounds.min], max: [...scene.bounds.max] };

  const times = [...scene.times];
  const first = scene.times.length;
  const bodies = scene.bodies.map((b) => bodyObject(b, first));
  const rods = scene.rods.map(tubeObject);
  const lines = scene.lines.map((l) => polylineObject(l, 2, true));
  const springs = (scene.springs ?? []).map((s) => polylineObject(s, s.nPoints, false));
  const jointParts = (scene.joints ?? []).flatMap((j) => j.parts.map((p) => jointPartObject(p, first)));
  const userGraphics = (scene.userGraphics ?? []).map(userGraphicsObject);
  const meshBodies = scene.meshBodies.map(meshBodyObject);
  const contacts = (scene.contacts ?? []).map(contactObject);
  const animated = [...bodies, ...rods, ...lines, ...springs, ...jointParts, ...userGraphics, ...meshBodies, ...contacts];
  for (const a of animated) world.add(a.object);

  let frame = 0;
  const result = {
    scene, times, renderer, camera, controls, interacted: false,
    get frame() { return frame; },
    get frameCount() { return times.length; },
    counts: { bodies: bodies.length, springs: springs.length, jointParts: jointParts.length, userGraphics: userGraphics.length, contacts: contacts.length },
    /**
     * Camera fitting the bounds so far with 15 % margin: Exudyn's default view (along −z onto the x–y plane, y up) or,
     * with the scene's upAxis 'z', a view along +y with z up; both tilted slightly for depth.
     */
    fit() {
      const center = new THREE.Vector3(...bounds.min.map((m, k) => 0.5 * (m + bounds.max[k])));
      const size = bounds.max.map((m, k) => m - bounds.min[k]);
      const zUp = scene.upAxis === 'z';
      const [across, up, depth] = zUp ? [size[0], size[2], size[1]] : [size[0], size[1], size[2]];
      const tanHalf = Math.tan((camera.fov * Math.PI) / 360);
      const distance = Math.max(1.15 * Math.max(up, 1e-3 * L) / (2 * tanHalf), 1.15 * across / (2 * tanHalf * camera.aspect)) + 0.5 * depth;
      if (zUp) camera.up.set(0, 0, 1); else camera.up.set(0, 1, 0);
      const direction = zUp ? new THREE.Vector3(0.15, -1, 0.25) : new THREE.Vector3(0.15, 0.25, 1);
      camera.position.copy(center).add(direction.normalize().multiplyScalar(distance));
      controls.target.copy(center);
      controls.update();
    },
    resize() {
      const w = view.clientWidth, h = view.clientHeight;
      renderer.setSize(w, h, false);
      camera.aspect = w / Math.max(1, h);
      camera.updateProjectionMatrix();
    },
    showFrame(f) {
      frame = Math.min(Math.max(0, Math.round(f)), times.length - 1);
      for (const a of animated) a.setFrame(frame);
    },
    render() { renderer.render(world, camera); },
    /** Adds the frames of a further chunk of the same model; returns true if the bounds grew by more than 10 % of their size. */
    append(chunk) {
      const n = chunk.times.length;
      chunk.bodies.forEach((b, i) => bodies[i].append(b, n));
      chunk.rods.forEach((r, i) => rods[i].append(r));
      chunk.lines.forEach((l, i) => lines[i].append(l));
      (chunk.springs ?? []).forEach((s, i) => springs[i].append(s));
      (chunk.joints ?? []).flatMap((j) => j.parts).forEach((p, i) => jointParts[i].append(p, n));
      (chunk.userGraphics ?? []).forEach((u, i) => userGraphics[i].append(u));
      chunk.meshBodies.forEach((m, i) => meshBodies[i].append(m));
      (chunk.contacts ?? []).forEach((c, i) => contacts[i].append(c));
      times.push(...chunk.times);
      const extent = Math.max(...bounds.max.map((m, k) => m - bounds.min[k]), 1e-3 * L);
      let grew = false;
      for (let k = 0; k < 3; k++) {
        if (chunk.bounds.min[k] < bounds.min[k] - 0.1 * extent || chunk.bounds.max[k] > bounds.max[k] + 0.1 * extent) grew = true;
        bounds.min[k] = Math.min(bounds.min[k], chunk.bounds.min[k]);
        bounds.max[k] = Math.max(bounds.max[k], chunk.bounds.max[k]);
      }
      return grew;
    },
    /** Per contour-coloured mesh body: its label, variable and colour range in frame f. */
    contourInfo(f) {
      return scene.meshBodies.map((m, i) => [m, meshBodies[i]]).filter(([m]) => m.contour).map(([m, o]) => {
        const [min, max] = o.contourRange(f);
        return `${m.label} ${m.contour.outputVariable}${m.contour.component >= 0 ? `[${m.contour.component}]` : ' (norm)'}: ${min.toPrecision(4)} (blue) … ${max.toPrecision(4)} (red)${m.contour.range === 'frame' ? ' in this frame' : ''}`;
      });
    },
    /** Number of contact points of GeneralContact i shown now. */
    contactPointCount(i) { return contacts[i].shownPoints; },
    /** The drawn coil points of spring i (as shown now). */
    springPoints(i) { return Array.from(springs[i].object.geometry.attributes.position.array); },
    /** Canvas pixel (x, y from the top left, device pixels) of a global point. */
    toPixel(p) {
      const v = new THREE.Vector3(p[0], p[1], p[2]).project(camera), c = renderer.domElement;
      return [Math.round((v.x + 1) / 2 * c.width), Math.round((1 - v.y) / 2 * c.height)];
    },
  };
  controls.addEventListener('start', () => { result.interacted = true; });
  result.resize();
  result.fit();
  result.showFrame(0);
  return result;
}
