import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { SOCKET_RECONNECTION } from '@toque/contracts/calls';
import { startFleetNginx } from '../../../../bench/lib/fleet-nginx.mjs';
import { fleet, freePort, record, type Client } from './fleet-support';
import { root } from './support';

/**
 * REL-07 at small scale (bench/fleet.mjs --faults measures it under load): nginx from the shipped
 * deploy/nginx files (site and worker settings, bench/lib/fleet-nginx.mjs) in front of two
 * replicas, owners connected through it with the web app's reconnection, and `nginx -s reload`.
 */
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const cluster = await fleet('relreload');
const port = (url: string) => Number(new URL(url).port);
const nginx = await startFleetNginx({
  root,
  binary: NGINX,
  mainConf: join(root, 'deploy/nginx/nginx.conf'),
  httpsPort: await freePort(),
  httpPort: await freePort(),
  upstreams: [port(cluster.a.url), port(cluster.b.url)],
});
// The sockets first: nginx's graceful stop waits for the connections its workers hold.
afterAll(async () => {
  await cluster.close();
  await nginx.close();
});

describe('nginx reloaded', () => {
  test('[REL-07] reloading nginx under owners drops no socket beyond those it closes, each back within 5 s, and every owner still rings', async () => {
    expect(existsSync(NGINX), 'REL-07 needs nginx (apt-get install nginx, or NGINX_PATH)').toBe(true);
    const owners = await Promise.all([1, 2, 3, 4].map(() => cluster.owner()));
    const drops: { at: number; back?: number }[] = [];
    const sockets: Client[] = [];
    for (const owner of owners) {
      const socket = await cluster.connect(nginx.url, owner.token, { reconnection: true, ...SOCKET_RECONNECTION });
      socket.on('disconnect', () => void drops.push({ at: Date.now() }));
      socket.on('connect', () => {
        const open = drops.find((d) => d.back === undefined);
        if (open) open.back = Date.now();
      });
      sockets.push(socket);
    }
    const seen = sockets.map(record);
    const oldWorkers = nginx.pids().slice(1);

    await nginx.reload();
    expect(nginx.pids().slice(1).some((pid) => !oldWorkers.includes(pid))).toBe(true);

    // Each owner rings through the reloaded nginx: a finder's POST goes to the new workers, the
    // ring to the owner's socket wherever it is (an old worker still holding it, or reconnected).
    for (const [i, owner] of owners.entries()) {
      const call = await cluster.call(nginx.url, owner.code);
      expect(call.status).toBe(201);
      await seen[i]!.next('incoming-call', (c) => c.roomId === call.roomId);
    }
    // Every socket that dropped is back, each within 5 s.
    for (const d of drops) expect(d.back !== undefined && d.back - d.at <= 5_000, JSON.stringify(drops)).toBe(true);
    expect(sockets.every((s) => s.connected)).toBe(true);
  });
});
