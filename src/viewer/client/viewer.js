// Flexdyn viewer page: draws the scene file (/scene.json) with three.js and animates it.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { createSensorPlot } from './plot.js';

const tubeTiles = 16;

function decode(e) {
  const text = atob(e.base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const Type = { float32: Float32Array, float64: Float64Array, uint32: Uint32Array }[e.dtype];
  return new Type(bytes.buffer);
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
  const samples = decode(rod.samples);
  return {
    object: mesh,
    setFrame(f) {
      const o = f * n * 12;
      for (let i = 0; i < n; i++) {
        const s = o + 12 * i;
        for (let j = 0; j < tubeTiles; j++) {
          const phi = (2 * Math.PI * j) / tubeTiles, cs = Math.cos(phi), sn = Math.sin(phi);
          const v = 3 * (i * tubeTiles + j);
          for (let k = 0; k < 3; k++) {
            const nk = cs * samples[s + 4 + 3 * k] + sn * samples[s + 5 + 3 * k];
            normals[v + k] = nk;
            positions[v + k] = samples[s + k] + rod.radius * nk;
          }
        }
      }
      g.attributes.position.needsUpdate = true;
      g.attributes.normal.needsUpdate = true;
    },
  };
}

function lineObject(line) {
  const g = new THREE.BufferGeometry();
  const positions = new Float32Array(6);
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  const [r, gr, b] = line.color;
  const object = new THREE.LineSegments(g, new THREE.LineBasicMaterial({ color: new THREE.Color(r, gr, b) }));
  object.frustumCulled = false;
  const points = decode(line.points);
  return {
    object,
    setFrame(f) { positions.set(points.subarray(6 * f, 6 * f + 6)); g.attributes.position.needsUpdate = true; },
  };
}

/** A spring coil: a polyline of nPoints per frame. */
function springObject(spring) {
  const n = spring.nPoints;
  const g = new THREE.BufferGeometry();
  const positions = new Float32Array(3 * n);
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  const [r, gr, b] = spring.color;
  const object = new THREE.Line(g, new THREE.LineBasicMaterial({ color: new THREE.Color(r, gr, b) }));
  object.frustumCulled = false;
  const points = decode(spring.points);
  return {
    object,
    setFrame(f) { positions.set(points.subarray(3 * n * f, 3 * n * (f + 1))); g.attributes.position.needsUpdate = true; },
  };
}

/** A joint part: its mesh at the joint frame pose of each frame. */
function jointPartObject(part) {
  const object = meshObject(part.mesh), poses = decode(part.poses);
  setPose(object, poses, 0);
  return { object, setFrame(f) { if (!part.static) setPose(object, poses, f); } };
}

/** The graphics of a graphicsDataUserFunction: one mesh per frame (global coordinates), built when first shown. */
function userGraphicsObject(item) {
  const object = new THREE.Group();
  const cache = new Map();
  let shown;
  return {
    object,
    setFrame(f) {
      if (!cache.has(f)) { const m = meshObject(item.frames[f]); m.matrix.identity(); cache.set(f, m); }
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
  const all = decode(body.positions), triangles = decode(body.triangles);
  const g = new THREE.BufferGeometry();
  const positions = new Float32Array(3 * n);
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  const values = body.contour ? decode(body.contour.values) : undefined;
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
  const frameMin = body.contour?.frameMin ? decode(body.contour.frameMin) : undefined;
  const frameMax = body.contour?.frameMax ? decode(body.contour.frameMax) : undefined;
  return {
    object,
    /** Colour range of frame f: per frame with range 'frame', else the scene's min … max. */
    contourRange(f) { return frameMin ? [frameMin[f], frameMax[f]] : [body.contour.min, body.contour.max]; },
    setFrame(f) {
      positions.set(all.subarray(3 * n * f, 3 * n * (f + 1)));
      g.attributes.position.needsUpdate = true;
      if (triangles.length > 0) g.computeVertexNormals();
      if (colors) {
        const [min, max] = this.contourRange(f), range = Math.max(max - min, 1e-300);
        for (let k = 0; k < n; k++) contourColor((values[f * n + k] - min) / range, colors, 3 * k);
        g.attributes.color.needsUpdate = true;
      }
    },
  };
}

function setPose(object, poses, f) {
  const o = 12 * f, p = poses;
  object.matrix.set(p[o + 3], p[o + 4], p[o + 5], p[o], p[o + 6], p[o + 7], p[o + 8], p[o + 1], p[o + 9], p[o + 10], p[o + 11], p[o + 2], 0, 0, 0, 1);
  object.matrixWorldNeedsUpdate = true;
}

async function start() {
  const response = await fetch('/scene.json');
  if (!response.ok) throw new Error(`cannot load the scene: ${response.status} ${await response.text()}`);
  const scene = await response.json();
  if (scene.format !== 'flexdyn-scene') throw new Error('not a Flexdyn scene file');
  const times = scene.times, nFrames = times.length;

  const view = document.getElementById('view');
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.domElement.id = 'scene-canvas';
  view.appendChild(renderer.domElement);

  const world = new THREE.Scene();
  world.background = new THREE.Color(0xf3f5f8);
  const L = scene.characteristicLength;
  const center = new THREE.Vector3(...scene.bounds.min.map((m, k) => 0.5 * (m + scene.bounds.max[k])));
  const camera = new THREE.PerspectiveCamera(35, view.clientWidth / Math.max(1, view.clientHeight), L * 1e-3, L * 100);
  // Exudyn's default view: looking along −z at the x–y plane, y up, tilted slightly for depth; the distance fits
  // the bounding box's x and y extent into the view with 15 % margin
  const size = scene.bounds.max.map((m, k) => m - scene.bounds.min[k]);
  const tanHalf = Math.tan((camera.fov * Math.PI) / 360);
  const distance = Math.max(1.15 * Math.max(size[1], 1e-3 * L) / (2 * tanHalf), 1.15 * size[0] / (2 * tanHalf * camera.aspect)) + 0.5 * size[2];
  camera.up.set(0, 1, 0);
  camera.position.copy(center).add(new THREE.Vector3(0.15, 0.25, 1).normalize().multiplyScalar(distance));
  world.add(new THREE.HemisphereLight(0xffffff, 0x667788, 1.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.8);
  sun.position.set(0.3, 0.5, 1);
  camera.add(sun);
  world.add(camera);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(center);
  controls.update();

  const bodies = scene.bodies.map((b) => ({ object: meshObject(b.mesh), poses: decode(b.poses), isStatic: b.static }));
  for (const b of bodies) { world.add(b.object); if (b.isStatic) setPose(b.object, b.poses, 0); }
  const meshBodies = scene.meshBodies.map(meshBodyObject);
  const animated = [
    ...scene.rods.map(tubeObject), ...scene.lines.map(lineObject), ...(scene.springs ?? []).map(springObject),
    ...(scene.joints ?? []).flatMap((j) => j.parts.map(jointPartObject)), ...(scene.userGraphics ?? []).map(userGraphicsObject), ...meshBodies,
  ];
  for (const a of animated) world.add(a.object);

  const plots = document.getElementById('plots');
  const sensorPlots = scene.sensors.map((s) => createSensorPlot(plots, s, decode(s.rows)));
  if (scene.sensors.length === 0) plots.textContent = 'no sensor rows in the scene';
  const nConnectors = scene.lines.length + (scene.springs ?? []).length + (scene.joints ?? []).length;
  const info = document.getElementById('info');
  /** Header: counts and, per contour-coloured mesh, the colour range of frame f. */
  function showInfo(f) {
    const contours = scene.meshBodies.map((m, i) => [m, meshBodies[i]]).filter(([m]) => m.contour).map(([m, o]) => {
      const [min, max] = o.contourRange(f);
      return `${m.label} ${m.contour.outputVariable}${m.contour.component >= 0 ? `[${m.contour.component}]` : ' (norm)'}: ${min.toPrecision(4)} (blue) … ${max.toPrecision(4)} (red)${m.contour.range === 'frame' ? ' in this frame' : ''}`;
    });
    info.textContent = `${scene.solutionFile || 'scene'}: ${scene.bodies.length} bodies, ${scene.rods.length} rods, ${scene.meshBodies.length} meshes, ${nConnectors} connectors, ${nFrames} frames${contours.length ? '; ' + contours.join('; ') : ''}`;
  }

  const slider = document.getElementById('slider'), timeLabel = document.getElementById('time');
  const playButton = document.getElementById('play'), speedSelect = document.getElementById('speed');
  slider.max = String(nFrames - 1);
  let frame = 0, playing = false, simTime = times[0], lastWall = 0;

  function resize() {
    const w = view.clientWidth, h = view.clientHeight;
    renderer.setSize(w, h, false);
    camera.aspect = w / Math.max(1, h);
    camera.updateProjectionMatrix();
  }
  function showFrame(f) {
    frame = Math.min(Math.max(0, Math.round(f)), nFrames - 1);
    for (const b of bodies) if (!b.isStatic) setPose(b.object, b.poses, frame);
    for (const a of animated) a.setFrame(frame);
    showInfo(frame);
    slider.value = String(frame);
    timeLabel.textContent = `t = ${times[frame].toFixed(4)} s (${frame + 1}/${nFrames})`;
    for (const p of sensorPlots) p.setTime(times[frame]);
  }
  function frameAt(t) {
    let lo = 0, hi = nFrames - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (times[mid] <= t) lo = mid; else hi = mid - 1; }
    return lo;
  }
  function render() { renderer.render(world, camera); }
  function setPlaying(on) { playing = on; playButton.textContent = on ? 'Pause' : 'Play'; lastWall = performance.now(); simTime = times[frame]; }

  playButton.addEventListener('click', () => setPlaying(!playing));
  slider.addEventListener('input', () => { setPlaying(false); showFrame(Number(slider.value)); render(); });
  window.addEventListener('resize', () => { resize(); render(); });
  window.addEventListener('keydown', (e) => { if (e.key === ' ' && e.target === document.body) { e.preventDefault(); setPlaying(!playing); } });

  function loop(now) {
    if (playing) {
      simTime += ((now - lastWall) / 1000) * Number(speedSelect.value);
      if (simTime > times[nFrames - 1]) simTime = times[0];
      const f = frameAt(simTime);
      if (f !== frame) showFrame(f);
    }
    lastWall = now;
    controls.update();
    render();
    requestAnimationFrame(loop);
  }
  resize();
  showFrame(0);
  render();
  requestAnimationFrame(loop);
  // handle for tests and scripting
  const springs = animated.filter((a) => a.object.isLine && !a.object.isLineSegments);
  window.flexdynViewer = {
    frameCount: nFrames, get frame() { return frame; }, showFrame(f) { showFrame(f); render(); }, setPlaying, ready: true,
    /** Counts of the drawn objects. */
    counts: { bodies: bodies.length, springs: springs.length, jointParts: (scene.joints ?? []).reduce((n, j) => n + j.parts.length, 0), userGraphics: (scene.userGraphics ?? []).length },
    /** The drawn coil points of spring i (as shown now). */
    springPoints(i) { return Array.from(springs[i].object.geometry.attributes.position.array); },
    /** Canvas pixel (x, y from the top left, device pixels) of a global point. */
    toPixel(p) {
      const v = new THREE.Vector3(p[0], p[1], p[2]).project(camera), c = renderer.domElement;
      return [Math.round((v.x + 1) / 2 * c.width), Math.round((1 - v.y) / 2 * c.height)];
    },
  };
}

start().catch((error) => {
  const div = document.createElement('div');
  div.id = 'error';
  div.textContent = String(error && error.stack ? error.stack : error);
  document.body.prepend(div);
  window.flexdynViewer = { error: String(error) };
});
