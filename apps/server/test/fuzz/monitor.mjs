// SEC-09: the watcher of the server under fuzz, in a worker thread of its own so that nothing the test's
// main thread does (building a 10 MB body, fast-check's bookkeeping) delays a probe and is blamed on the server.
// While a window is open it asks GET /api/health every PROBE_EVERY_MS, one probe at a time (a probe that waits
// on a blocked event loop is the measurement), and samples the server's resident memory (VmRSS) every
// SAMPLE_EVERY_MS: VmHWM never goes down again, so the peak of one request is taken from the samples.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, pid } = workerData;
const PROBE_EVERY_MS = 50;
const SAMPLE_EVERY_MS = 10;
/** A probe that takes longer than this is given up (the server is gone or frozen for good). */
const PROBE_GIVE_UP_MS = 180_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The server's resident memory in bytes, or NaN once it has exited. */
function rss() {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? Number.NaN : Number(kb) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** One GET /api/health: its latency in ms, or Infinity when it failed or gave up. */
function probe() {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent, timeout: PROBE_GIVE_UP_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Number.POSITIVE_INFINITY));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(Number.POSITIVE_INFINITY));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

let window;

async function probing(w) {
  while (w.open) {
    const started = performance.now();
    const latency = await probe();
    w.probes += 1;
    w.healthMaxMs = Math.max(w.healthMaxMs, latency);
    if (!w.open) break;
    // The pause until the next probe ends early when the window closes.
    await new Promise((resolve) => {
      w.wake = resolve;
      setTimeout(resolve, Math.max(0, started + PROBE_EVERY_MS - performance.now()));
    });
  }
}

function open() {
  const before = rss();
  const w = { open: true, probes: 0, healthMaxMs: 0, rssBefore: before, rssPeak: before, wake: () => undefined };
  w.sampler = setInterval(() => {
    const now = rss();
    if (now > w.rssPeak) w.rssPeak = now;
  }, SAMPLE_EVERY_MS);
  w.loop = probing(w);
  return w;
}

async function close(w) {
  w.open = false;
  w.wake();
  await w.loop;
  // One probe more after the answer: work the server does once it has answered (a background job) counts too.
  const last = await probe();
  w.probes += 1;
  w.healthMaxMs = Math.max(w.healthMaxMs, last);
  clearInterval(w.sampler);
  const after = rss();
  return {
    probes: w.probes,
    healthMaxMs: w.healthMaxMs,
    rssBefore: w.rssBefore,
    rssPeak: Math.max(w.rssPeak, after),
    rssAfter: after,
  };
}

/** Waits until `quiet` probes in a row answer within `withinMs` (the server is idle again), or `timeoutMs`. */
async function settle({ quiet, withinMs, timeoutMs }) {
  const started = performance.now();
  let run = 0;
  while (performance.now() - started < timeoutMs) {
    const latency = await probe();
    run = latency <= withinMs ? run + 1 : 0;
    if (run >= quiet) return { ok: true, waitedMs: performance.now() - started };
    await sleep(latency === Number.POSITIVE_INFINITY ? 200 : 5);
  }
  return { ok: false, waitedMs: performance.now() - started };
}

parentPort.on('message', async (message) => {
  if (message.type === 'open') {
    window = open();
    parentPort.postMessage({ type: 'opened', id: message.id });
  } else if (message.type === 'close') {
    const figures = await close(window);
    window = undefined;
    parentPort.postMessage({ type: 'closed', id: message.id, figures });
  } else if (message.type === 'settle') {
    const result = await settle(message);
    parentPort.postMessage({ type: 'settled', id: message.id, ...result });
  } else if (message.type === 'end') {
    agent.destroy();
    parentPort.close();
  }
});
