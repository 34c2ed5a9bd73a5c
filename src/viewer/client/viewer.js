// Flexdyn viewer page: draws the scene file (/scene.json) with three.js (sceneView.js) and animates it.
import { createSceneView, decode } from './sceneView.js';
import { createSensorPlot } from './plot.js';

async function start() {
  const response = await fetch('/scene.json');
  if (!response.ok) throw new Error(`cannot load the scene: ${response.status} ${await response.text()}`);
  const scene = await response.json();
  if (scene.format !== 'flexdyn-scene') throw new Error('not a Flexdyn scene file');
  const times = scene.times, nFrames = times.length;
  const view = createSceneView(document.getElementById('view'), scene);

  const plots = document.getElementById('plots');
  const sensorPlots = scene.sensors.map((s) => createSensorPlot(plots, s, decode(s.rows)));
  if (scene.sensors.length === 0) plots.textContent = 'no sensor rows in the scene';
  const nConnectors = scene.lines.length + (scene.springs ?? []).length + (scene.joints ?? []).length;
  const info = document.getElementById('info');
  /** Header: counts and, per contour-coloured mesh, the colour range of frame f. */
  function showInfo(f) {
    const contours = view.contourInfo(f);
    info.textContent = `${scene.solutionFile || 'scene'}: ${scene.bodies.length} bodies, ${scene.rods.length} rods, ${scene.meshBodies.length} meshes, ${nConnectors} connectors, ${nFrames} frames${contours.length ? '; ' + contours.join('; ') : ''}`;
  }

  const slider = document.getElementById('slider'), timeLabel = document.getElementById('time');
  const playButton = document.getElementById('play'), speedSelect = document.getElementById('speed');
  slider.max = String(nFrames - 1);
  let playing = false, simTime = times[0], lastWall = 0;

  function showFrame(f) {
    view.showFrame(f);
    const frame = view.frame;
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
  function setPlaying(on) { playing = on; playButton.textContent = on ? 'Pause' : 'Play'; lastWall = performance.now(); simTime = times[view.frame]; }

  playButton.addEventListener('click', () => setPlaying(!playing));
  slider.addEventListener('input', () => { setPlaying(false); showFrame(Number(slider.value)); view.render(); });
  window.addEventListener('resize', () => { view.resize(); view.render(); });
  window.addEventListener('keydown', (e) => { if (e.key === ' ' && e.target === document.body) { e.preventDefault(); setPlaying(!playing); } });

  function loop(now) {
    if (playing) {
      simTime += ((now - lastWall) / 1000) * Number(speedSelect.value);
      if (simTime > times[nFrames - 1]) simTime = times[0];
      const f = frameAt(simTime);
      if (f !== view.frame) showFrame(f);
    }
    lastWall = now;
    view.controls.update();
    view.render();
    requestAnimationFrame(loop);
  }
  showFrame(0);
  view.render();
  requestAnimationFrame(loop);
  // handle for tests and scripting
  window.flexdynViewer = {
    frameCount: nFrames, get frame() { return view.frame; }, showFrame(f) { showFrame(f); view.render(); }, setPlaying, ready: true,
    /** Counts of the drawn objects. */
    counts: view.counts,
    /** The drawn coil points of spring i (as shown now). */
    springPoints: (i) => view.springPoints(i),
    /** Number of contact points of GeneralContact i shown now. */
    contactPointCount: (i) => view.contactPointCount(i),
    /** Canvas pixel (x, y from the top left, device pixels) of a global point. */
    toPixel: (p) => view.toPixel(p),
  };
}

start().catch((error) => {
  const div = document.createElement('div');
  div.id = 'error';
  div.textContent = String(error && error.stack ? error.stack : error);
  document.body.prepend(div);
  window.flexdynViewer = { error: String(error) };
});
