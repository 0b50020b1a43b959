// PERF-07: what `npm run bench:fleet` reads about the processes it runs, from /proc and `ss` (Linux).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MiB (VmRSS); 0 once it is gone. */
export function rssMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Open file descriptors of a process. */
export function fdCount(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

/** The soft limit on open files of a process ("Max open files"). */
export function fdLimit(pid) {
  try {
    return Number(/Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Established TCP connections whose local port is `port` (the sockets a replica holds). */
export function establishedOn(port) {
  const out = execFileSync('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\n').filter((line) => line.trim()).length;
}

/**
 * CPU use of each pid over `ms`, in % of one core; resolves after `ms` with [percent…]. `during`
 * runs meanwhile (the window is the longer of the two).
 */
export async function cpuOver(pids, ms, during = async () => undefined) {
  const before = pids.map(cpuSeconds);
  const started = performance.now();
  await Promise.all([during(), new Promise((r) => setTimeout(r, ms))]);
  const seconds = (performance.now() - started) / 1000;
  return pids.map((pid, i) => ((cpuSeconds(pid) - before[i]) / seconds) * 100);
}

/** A replica's event-loop delay (prom-client, reset at each scrape): { p99, max } in ms, or null. */
export async function eventLoopLag(base) {
  try {
    const text = await (await fetch(`${base}/api/metrics`)).text();
    const value = (name) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
    return { p99: value('nodejs_eventloop_lag_p99_seconds'), max: value('nodejs_eventloop_lag_max_seconds') };
  } catch {
    return null;
  }
}
