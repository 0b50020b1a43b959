/** Types of fleet-nginx.mjs for the TypeScript tests that start it (apps/server/test/ops, REL-07). */
export interface FleetNginx {
  url: string;
  workers: { processes: string; rlimitNofile: string | undefined; connections: string };
  errors(): string;
  pids(): number[];
  close(): Promise<void>;
  reload(): Promise<void>;
}

export function startFleetNginx(options: {
  root: string;
  binary: string;
  mainConf: string;
  httpsPort: number;
  httpPort: number;
  upstreams: number[];
}): Promise<FleetNginx>;
