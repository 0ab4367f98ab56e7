// Gale UI: polls the REST API once a second and redraws. No framework, no build step.
'use strict';

// The token never reaches this script: the server traded the URL's ?token= for an HttpOnly cookie
// (and took it out of the address bar) before the page loaded.
const params = new URLSearchParams(location.search);
// A link's ?topology= is shown as soon as the sampler lists it (it may not yet, just after submit).
let requested = params.get('topology') || null;
let selected = null;
let selectedComponent = null;
let graphKey = null;

const $ = (id) => document.getElementById(id);
const fmt = (n) => (n === undefined || n === null) ? '' : Number(n).toLocaleString('en-US');
const ms = (n) => Number(n || 0).toFixed(n >= 100 ? 0 : n >= 1 || !n ? 2 : 3);
const rate = (n) => Number(n || 0) >= 100 ? Math.round(n).toLocaleString('en-US') : Number(n || 0).toFixed(1);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
const svgNs = 'http://www.w3.org/2000/svg';

async function getJson(path) {
  const r = await fetch(path, {cache: 'no-store'});
  if (r.status === 401) throw new Error('reading needs the token: open the URL printed when the UI started');
  if (!r.ok) throw new Error(path + ': ' + r.status);
  return r.json();
}

function row(cells, attrs) {
  const tr = document.createElement('tr');
  for (const [k, v] of Object.entries(attrs || {})) tr.setAttribute(k, v);
  tr.innerHTML = cells.map((c) => typeof c === 'object' && c !== null ? `<td class="${c.cls}" title="${esc(c.title || '')}">${esc(c.text)}</td>` : `<td>${esc(c)}</td>`).join('');
  return tr;
}

function fill(tableId, rows) {
  const body = $(tableId).querySelector('tbody');
  body.replaceChildren(...rows);
}

async function tick() {
  try {
    const summary = await getJson('/api/v1/topology/summary');
    renderSummary(summary.topologies);
    if (requested && summary.topologies.some((t) => t.id === requested)) { selected = requested; requested = null; }
    if (selected && !summary.topologies.some((t) => t.id === selected)) selected = null;
    if (!selected && summary.topologies.length) selected = summary.topologies[0].id;
    $('topology').hidden = !selected;
    if (selected) {
      const [topo, graph, history] = await Promise.all([
        getJson(`/api/v1/topology/${encodeURIComponent(selected)}`),
        getJson(`/api/v1/topology/${encodeURIComponent(selected)}/graph`),
        getJson(`/api/v1/topology/${encodeURIComponent(selected)}/history`)]);
      renderTopology(topo, history.points);
      renderGraph(graph);
      renderChart(history.points);
      if (selectedComponent) renderComponent(await getJson(`/api/v1/topology/${encodeURIComponent(selected)}/component/${encodeURIComponent(selectedComponent)}`));
    }
    $('component').hidden = !(selected && selectedComponent);
    $('live').className = 'live';
    $('live').textContent = 'live · ' + new Date().toLocaleTimeString();
  } catch (e) {
    $('live').className = 'live stale';
    $('live').textContent = 'not updating: ' + e.message;
  }
}

function renderSummary(list) {
  $('none').hidden = list.length > 0;
  fill('topologies', list.map((t) => {
    const tr = row([{cls: 'text', text: t.name}, {cls: 'text', text: t.status}, t.uptime, t.executorsTotal, t.tasksTotal,
      fmt(t.emitted), fmt(t.acked), fmt(t.failed), ms(t.completeLatency)], {'data-topology': t.id});
    if (t.id === selected) tr.classList.add('selected');
    tr.onclick = () => { requested = null; selected = t.id; selectedComponent = null; graphKey = null; tick(); };
    return tr;
  }));
}

function renderTopology(t, points) {
  $('topology-name').textContent = t.name;
  $('status').textContent = t.status;
  $('status').className = 'badge ' + t.status;
  $('btn-activate').disabled = t.status === 'ACTIVE';
  $('btn-deactivate').disabled = t.status !== 'ACTIVE';
  const all = t.topologyStats[0];
  const spoutEmitted = t.spouts.reduce((s, x) => s + x.emitted, 0);
  $('topology-emitted').textContent = fmt(spoutEmitted);
  $('topology-acked').textContent = fmt(all.acked);
  $('topology-failed').textContent = fmt(all.failed - all.timedOut);
  $('topology-timedout').textContent = fmt(all.timedOut);
  const last = points.length ? points[points.length - 1] : null;
  $('topology-rate').textContent = rate(last ? last.ackedPerSec : 0);
  $('topology-latency').textContent = ms(all.completeLatency);
  $('topology-p99').textContent = ms(t.completeLatencyPercentiles.p99);
  const err = (c) => c.lastError ? {cls: 'err', text: `${c.lastError}`, title: `task ${c.errorTask}, ${c.errorLapsedSecs}s ago`} : {cls: 'err', text: ''};
  fill('spouts', t.spouts.map((s) => clickable(row([{cls: 'text', text: s.spoutId}, s.executors, s.tasks, fmt(s.emitted), fmt(s.acked),
    fmt(s.failed - s.timedOut), fmt(s.timedOut), fmt(s.pending), ms(s.completeLatency), ms(s.completeLatencyPercentiles.p50),
    ms(s.completeLatencyPercentiles.p99), ms(s.completeLatencyPercentiles.p999), rate(s.rates.emitted), err(s)],
    {'data-component': s.spoutId}), s.spoutId)));
  fill('bolts', t.bolts.map((b) => clickable(row([{cls: 'text', text: b.boltId}, b.executors, b.tasks, fmt(b.executed), fmt(b.emitted),
    fmt(b.acked), fmt(b.failed), ms(b.executeLatency), ms(b.processLatency), b.capacity.toFixed(3),
    `${fmt(b.queueDepth)} / ${fmt(b.queueCapacity)}`, rate(b.rates.executed), err(b)], {'data-component': b.boltId}), b.boltId)));
}

function clickable(tr, id) {
  if (id === selectedComponent) tr.classList.add('selected');
  tr.onclick = () => { selectedComponent = id; tick(); };
  return tr;
}

// ---- graph -------------------------------------------------------------------------------------

const NODE_W = 200, NODE_H = 70, COL_W = 340, ROW_H = 100;

function layout(graph) {
  // Columns by longest path from a spout (cycles cut after as many rounds as there are nodes).
  const layer = {};
  graph.nodes.forEach((n) => { layer[n.id] = 0; });
  for (let round = 0; round < graph.nodes.length; round++) {
    let changed = false;
    graph.edges.forEach((e) => {
      if (e.source !== e.target && layer[e.target] < layer[e.source] + 1 && layer[e.source] + 1 < graph.nodes.length) {
        layer[e.target] = layer[e.source] + 1; changed = true;
      }
    });
    if (!changed) break;
  }
  const rows = {};
  const pos = {};
  graph.nodes.forEach((n) => {
    const col = layer[n.id];
    rows[col] = (rows[col] || 0) + 1;
    pos[n.id] = {x: 20 + col * COL_W, y: 20 + (rows[col] - 1) * ROW_H};
  });
  const height = Math.max(...Object.values(rows)) * ROW_H + 20;
  const width = (Math.max(...Object.values(layer)) + 1) * COL_W;
  return {pos, width, height};
}

function el(name, attrs, text) {
  const e = document.createElementNS(svgNs, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function renderGraph(graph) {
  const svg = $('graph');
  const key = JSON.stringify([graph.nodes.map((n) => n.id), graph.edges.map((e) => [e.source, e.stream, e.target])]);
  const {pos, width, height} = layout(graph);
  if (key !== graphKey) {
    graphKey = key;
    svg.replaceChildren();
    const vw = Math.max(width - COL_W + NODE_W + 40, 400), vh = Math.max(height, 110);
    svg.setAttribute('viewBox', `0 0 ${vw} ${vh}`);
    // Drawn 1:1 when it fits, scaled down (never up) when the window is narrower.
    svg.setAttribute('width', vw);
    svg.setAttribute('height', vh);
    const defs = el('defs');
    const marker = el('marker', {id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse'});
    marker.appendChild(el('path', {d: 'M 0 0 L 10 5 L 0 10 z', fill: '#8c959f'}));
    defs.appendChild(marker);
    svg.appendChild(defs);
    graph.edges.forEach((e, i) => {
      const a = pos[e.source], b = pos[e.target];
      const g = el('g', {class: 'edge', 'data-edge': `${e.source}/${e.stream}/${e.target}`});
      const x1 = a.x + NODE_W, y1 = a.y + NODE_H / 2, x2 = b.x, y2 = b.y + NODE_H / 2;
      const back = x2 <= x1;
      const d = back ? `M ${x1} ${y1} C ${x1 + 60} ${y1 + 90}, ${x2 - 60} ${y2 + 90}, ${x2} ${y2}`
        : `M ${x1} ${y1} C ${(x1 + x2) / 2} ${y1}, ${(x1 + x2) / 2} ${y2}, ${x2} ${y2}`;
      g.appendChild(el('path', {d, 'marker-end': 'url(#arrow)'}));
      const lx = back ? (x1 + x2) / 2 : (x1 + x2) / 2, ly = back ? Math.max(y1, y2) + 70 : (y1 + y2) / 2;
      g.appendChild(el('text', {x: lx, y: ly - 14, 'text-anchor': 'middle'}, `${e.stream} · ${e.grouping}`));
      g.appendChild(el('text', {x: lx, y: ly, 'text-anchor': 'middle', class: 'edge-rate', id: `edge-rate-${i}`}, ''));
      svg.appendChild(g);
    });
    graph.nodes.forEach((n) => {
      const p = pos[n.id];
      const g = el('g', {class: `node ${n.kind}`, 'data-component': n.id, transform: `translate(${p.x},${p.y})`});
      g.appendChild(el('rect', {class: 'box', width: NODE_W, height: NODE_H, rx: 8}));
      g.appendChild(el('text', {x: 10, y: 18, class: 'title'}, n.id));
      g.appendChild(el('text', {x: NODE_W - 10, y: 18, 'text-anchor': 'end', class: 'muted'}, `${n.kind} ×${n.executors}`));
      g.appendChild(el('text', {x: 10, y: 38, class: 'node-rate'}, ''));
      g.appendChild(el('rect', {x: 10, y: 50, width: NODE_W - 20, height: 8, fill: '#eaeef2', rx: 3}));
      g.appendChild(el('rect', {x: 10, y: 50, width: 0, height: 8, fill: '#2da44e', rx: 3, class: 'queue-bar'}));
      g.appendChild(el('title', {}, ''));
      g.onclick = () => { selectedComponent = n.id; tick(); };
      svg.appendChild(g);
    });
  }
  // Live figures only: the drawing stays, so the page does not flicker.
  graph.edges.forEach((e, i) => { const t = $(`edge-rate-${i}`); if (t) t.textContent = `${rate(e.rate)}/s`; });
  graph.nodes.forEach((n) => {
    const g = svg.querySelector(`g.node[data-component="${CSS.escape(n.id)}"]`);
    if (!g) return;
    const fillRatio = n.queueCapacity ? n.queueDepth / n.queueCapacity : 0;
    const r = n.rates;
    g.querySelector('.node-rate').textContent = n.kind === 'spout'
      ? `${rate(r.emitted)} emit/s · ${rate(r.acked)} ack/s` : `${rate(r.executed)} exec/s · cap ${r.capacity.toFixed(2)}`;
    const bar = g.querySelector('.queue-bar');
    bar.setAttribute('width', Math.max(0, Math.min(1, fillRatio)) * (NODE_W - 20));
    bar.setAttribute('fill', fillRatio >= 0.8 ? '#d73a49' : fillRatio >= 0.5 ? '#d29922' : '#2da44e');
    g.classList.toggle('hot', fillRatio >= 0.8 || r.capacity >= 0.9);
    g.querySelector('title').textContent = `queue ${n.queueDepth} / ${n.queueCapacity}; emitted ${fmt(n.emitted)}`;
  });
}

// ---- chart -------------------------------------------------------------------------------------

function renderChart(points) {
  const svg = $('chart');
  const W = 1200, H = 220, L = 50, R = 50, T = 10, B = 24;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  if (points.length < 2) { svg.appendChild(el('text', {x: W / 2, y: H / 2, 'text-anchor': 'middle', fill: '#6b7785'}, 'collecting…')); return; }
  const t0 = points[0].timeMillis, t1 = points[points.length - 1].timeMillis;
  const maxRate = Math.max(1, ...points.map((p) => Math.max(p.ackedPerSec, p.failedPerSec)));
  const maxLat = Math.max(1, ...points.map((p) => p.completeLatencyMs));
  const x = (t) => L + (W - L - R) * (t - t0) / Math.max(1, t1 - t0);
  const yr = (v) => H - B - (H - T - B) * v / maxRate;
  const yl = (v) => H - B - (H - T - B) * v / maxLat;
  [0, 0.5, 1].forEach((f) => {
    svg.appendChild(el('line', {x1: L, x2: W - R, y1: yr(maxRate * f), y2: yr(maxRate * f), stroke: '#eaeef2'}));
    svg.appendChild(el('text', {x: L - 4, y: yr(maxRate * f) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#1f6feb'}, rate(maxRate * f)));
    svg.appendChild(el('text', {x: W - R + 4, y: yl(maxLat * f) + 4, 'font-size': 10, fill: '#9a6700'}, ms(maxLat * f)));
  });
  svg.appendChild(el('text', {x: L, y: H - 6, 'font-size': 10, fill: '#6b7785'}, new Date(t0).toLocaleTimeString()));
  svg.appendChild(el('text', {x: W - R, y: H - 6, 'font-size': 10, fill: '#6b7785', 'text-anchor': 'end'}, new Date(t1).toLocaleTimeString()));
  const line = (f, y, color) => svg.appendChild(el('polyline', {fill: 'none', stroke: color, 'stroke-width': 1.6,
    points: points.map((p) => `${x(p.timeMillis).toFixed(1)},${y(f(p)).toFixed(1)}`).join(' ')}));
  line((p) => p.ackedPerSec, yr, '#1f6feb');
  line((p) => p.failedPerSec, yr, '#d73a49');
  line((p) => p.completeLatencyMs, yl, '#d29922');
}

// ---- component drill-down ----------------------------------------------------------------------

function renderComponent(c) {
  $('component-name').textContent = c.id;
  $('component-kind').textContent = `${c.componentType}, ${c.executors} executors, ${c.tasks} tasks`;
  fill('outputs', c.outputStats.map((o) => row([{cls: 'text', text: o.stream}, fmt(o.emitted), fmt(o.transferred), rate(o.rate)])));
  fill('inputs', c.inputStats.map((i) => row([{cls: 'text', text: i.component}, {cls: 'text', text: i.stream}, {cls: 'text', text: i.grouping}])));
  fill('tasks', c.executorStats.map((e) => row([e.taskId, fmt(e.emitted), fmt(e.transferred), fmt(e.executed), fmt(e.acked),
    fmt(e.failed), fmt(e.timedOut), ms(e.completeLatency !== undefined ? e.completeLatency : e.executeLatency), fmt(e.queueDepth)])));
  const failures = Object.entries(c.failures || {});
  $('failures-none').hidden = failures.length > 0;
  fill('failures', failures.map(([reason, n]) => row([{cls: 'text', text: reason}, fmt(n)], {'data-reason': reason})));
  const stuck = c.stuck || [];
  $('stuck-none').hidden = stuck.length > 0;
  fill('stuck', stuck.map((s) => row([s.taskId, {cls: 'text', text: s.metric}, {cls: 'text', text: s.subject},
    {cls: 'text', text: s.reason}], {'class': 'alert', 'data-subject': s.subject})));
  const v1 = c.metricsV1 || [];
  $('metrics-v1-none').hidden = v1.length > 0;
  fill('metrics-v1', v1.map((m) => row([m.taskId, {cls: 'text', text: m.name}, {cls: 'text map', text: metricValue(m.value, '\n')},
    m.bucketSecs, new Date(m.timestamp * 1000).toLocaleTimeString()])));
  const box = $('errors');
  if (!c.componentErrors.length) { box.innerHTML = '<p class="muted">None.</p>'; return; }
  box.innerHTML = c.componentErrors.slice().reverse().map((e) =>
    `<details><summary>${esc(new Date(e.time).toLocaleTimeString())} · task ${e.taskId} · ${esc(e.error)}</summary><pre>${esc(e.stackTrace)}</pre></details>`).join('');
}

// A metric v1 value: a number as a number, a map as "key=value" pairs (a top-level map one pair a line).
function metricValue(v, separator) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return fmt(v);
  if (typeof v === 'object' && !Array.isArray(v)) return Object.entries(v).map(([k, x]) => `${k}=${metricValue(x)}`).join(separator || ', ');
  return Array.isArray(v) ? v.map(metricValue).join(', ') : String(v);
}

// ---- actions -----------------------------------------------------------------------------------

// Writes carry X-Gale-Csrf: the server takes the cookie for a write only with it, and a page of
// another origin cannot add it.
const post = (path, headers) => fetch(path, {method: 'POST', headers: Object.assign({'X-Gale-Csrf': '1'}, headers || {})});

// Without the cookie (the page was opened without its token), asks once and trades the answer for it.
async function signIn(label) {
  const token = prompt('Token printed when the UI started (needed to ' + label + ')');
  if (!token) return false;
  const r = await post('/session', {'X-Gale-Token': token});
  return r.ok;
}

async function act(path, label) {
  const url = `/api/v1/topology/${encodeURIComponent(selected)}/${path}`;
  let r = await post(url);
  if (r.status === 401 && await signIn(label)) r = await post(url);
  const body = await r.json().catch(() => ({}));
  $('action-result').textContent = r.ok ? `${label}: done`
    : `${label} refused: ${r.status === 401 ? 'needs the token printed when the UI started' : body.errorMessage || r.status}`;
  tick();
}

$('btn-activate').onclick = () => act('activate', 'activate');
$('btn-deactivate').onclick = () => act('deactivate', 'deactivate');
$('btn-kill').onclick = () => { if (confirm(`Kill topology ${selected}?`)) act('kill/0', 'kill'); };
$('component-close').onclick = () => { selectedComponent = null; tick(); };

tick();
setInterval(tick, 1000);
