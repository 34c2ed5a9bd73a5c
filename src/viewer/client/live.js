// Flexdyn live page: a Web Worker (worker.js, the engine bundled) builds and solves the selected demo and posts the
// frames while it computes; this page draws them (sceneView.js), plays them in real time as they arrive, plots the
// sensors and re-runs the model when the form's parameters change.
import { createSceneView, decode } from './sceneView.js';
import { createSensorPlot } from './plot.js';

const $ = (id) => document.getElementById(id);
const demoSelect = $('demo'), form = $('form'), runButton = $('run'), description = $('description'), errorBox = $('error');
const viewElement = $('view'), info = $('info'), plots = $('plots'), playButton = $('play'), speedSelect = $('speed'), status = $('status');

/** Everything of the current run; replaced by run(). */
let current;
let demos = [];
let playing = true, lastWall = performance.now();

/** Test and scripting handle. */
const live = {
  ready: false, demos: [], runs: 0,
  get run() { return current && current.summary(); },
  /** Selects a demo, sets parameter values (by name) and runs. */
  start(demo, values = {}) { selectDemo(demo); for (const [k, v] of Object.entries(values)) form.elements[k].value = String(v); run(); },
  setPlaying(on) { setPlaying(on); },
};
window.flexdynLive = live;

function setPlaying(on) { playing = on; playButton.textContent = on ? 'Pause' : 'Play'; lastWall = performance.now(); }

function selectDemo(id) {
  const demo = demos.find((d) => d.id === id);
  demoSelect.value = id;
  description.textContent = demo.description;
  form.replaceChildren(...demo.parameters.map((p) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', name: p.name, min: p.min, max: p.max, step: p.step, value: p.value, required: true });
    label.append(`${p.label} `, input, p.unit ? ` ${p.unit}` : '');
    return label;
  }));
}

function values() {
  const demo = demos.find((d) => d.id === demoSelect.value);
  const out = {};
  for (const p of demo.parameters) out[p.name] = Number(form.elements[p.name].value);
  return out;
}

/** Starts a new worker for the selected demo (a running solve is stopped with its worker). */
function run(worker = new Worker(new URL('./worker.js', import.meta.url))) {
  if (current) current.stop();
  errorBox.textContent = '';
  const state = {
    worker, demo: demoSelect.value, values: values(), view: undefined, sensors: [], sensorPlots: [], messages: 0, framesReceived: 0,
    computing: true, statistics: undefined, seconds: undefined, simTime: 0, shownAt: 0, started: performance.now(), plotDirty: false,
    stop() { worker.terminate(); if (this.view) this.view.renderer.domElement.remove(); },
    summary() {
      return {
        demo: this.demo, values: this.values, messages: this.messages, framesReceived: this.framesReceived, computing: this.computing, wall: performance.now() / 1000,
        /** Page time [s] of the animation frame that chose the shown frame. */
        shownAt: this.shownAt,
        frame: this.view ? this.view.frame : -1, time: this.view ? this.view.times[this.view.frame] : NaN, statistics: this.statistics,
        lastTime: this.view ? this.view.times[this.view.times.length - 1] : NaN,
        /** Sensor rows so far: per sensor, rows of [t, values…]. */
        sensors: this.sensors.map((s) => ({ label: s.label, name: s.name, columns: s.columns, rows: rowsOf(s) })),
      };
    },
  };
  current = state;
  live.runs++;
  worker.onmessage = (event) => receive(state, event.data);
  worker.onerror = (event) => { errorBox.textContent = `worker: ${event.message}`; state.computing = false; };
  worker.postMessage({ type: 'run', demo: state.demo, values: state.values });
}

function rowsOf(sensor) {
  const data = decode(sensor.rows), n = sensor.columns.length, rows = [];
  for (let r = 0; r < sensor.nRows; r++) rows.push(Array.from(data.subarray(r * n, (r + 1) * n)));
  return rows;
}

function receive(state, message) {
  if (state !== current) return;
  state.messages++;
  if (message.type === 'start') {
    state.view = createSceneView(viewElement, message.scene);
    state.framesReceived = message.scene.times.length;
    state.sensors = message.scene.sensors;
    state.plotDirty = true;
  } else if (message.type === 'frames') {
    if (state.view.append(message.scene) && !state.view.interacted) state.view.fit();
    state.framesReceived += message.scene.times.length;
    state.sensors = message.scene.sensors;
    state.plotDirty = true;
  } else if (message.type === 'done') {
    state.computing = false;
    state.statistics = message.statistics;
    state.seconds = message.seconds;
  } else if (message.type === 'error') {
    state.computing = false;
    errorBox.textContent = message.message;
  }
}

/** Frame index of the last frame with time ≤ t. */
function frameAt(times, t) {
  let lo = 0, hi = times.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (times[mid] <= t) lo = mid; else hi = mid - 1; }
  return lo;
}

let lastPlot = 0;
function loop(now) {
  const state = current;
  if (state && state.view) {
    const view = state.view, times = view.times, last = times[times.length - 1];
    if (playing) {
      // real time (× speed) along the frames computed so far; after the solve, the animation loops
      state.simTime = Math.max(state.simTime, times[0]) + ((now - lastWall) / 1000) * Number(speedSelect.value);
      if (state.simTime > last) state.simTime = state.computing ? last : times[0];
    }
    const f = frameAt(times, state.simTime);
    if (f !== view.frame) view.showFrame(f);
    state.shownAt = now / 1000;
    if (state.plotDirty && now - lastPlot > 250) {
      plots.replaceChildren();
      state.sensorPlots = state.sensors.map((s) => createSensorPlot(plots, s, decode(s.rows)));
      if (state.sensors.length === 0) plots.textContent = 'no sensors';
      state.plotDirty = false;
      lastPlot = now;
    }
    for (const p of state.sensorPlots) p.setTime(times[view.frame]);
    const solved = state.computing ? `computing… t = ${last.toFixed(3)} s` : state.statistics ? `solved ${last.toFixed(3)} s in ${state.seconds.toFixed(2)} s (${state.statistics.steps} steps, ${state.statistics.newtonIterations} Newton iterations)` : 'stopped';
    status.textContent = `t = ${times[view.frame].toFixed(3)} s, frame ${view.frame + 1}/${times.length}; ${solved}`;
    info.textContent = [`${demos.find((d) => d.id === state.demo)?.title ?? state.demo}`, ...view.contourInfo(view.frame)].join('; ');
    view.controls.update();
    view.render();
  }
  lastWall = now;
  requestAnimationFrame(loop);
}

playButton.addEventListener('click', () => setPlaying(!playing));
runButton.addEventListener('click', () => run());
demoSelect.addEventListener('change', () => { selectDemo(demoSelect.value); run(); });
form.addEventListener('submit', (e) => { e.preventDefault(); run(); });
window.addEventListener('resize', () => { if (current && current.view) current.view.resize(); });

// the first worker lists the demos, then runs the first one
const first = new Worker(new URL('./worker.js', import.meta.url));
first.onmessage = (event) => {
  if (event.data.type !== 'demos') return;
  demos = event.data.demos;
  live.demos = demos.map((d) => d.id);
  for (const d of demos) demoSelect.append(new Option(d.title, d.id));
  const requested = new URLSearchParams(location.search).get('demo');
  selectDemo(demos.some((d) => d.id === requested) ? requested : demos[0].id);
  live.ready = true;
  run(first);
};
first.onerror = (event) => { errorBox.textContent = `worker: ${event.message}`; };
first.postMessage({ type: 'list' });
requestAnimationFrame(loop);
