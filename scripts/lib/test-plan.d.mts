// Types of test-plan.mjs, for the TypeScript test that checks it (apps/server/src/test-plan.test.ts).
export declare const TYPE_PROJECTS: string[];
export declare function vitestStages(o: {
  quick: boolean;
  postgres: boolean;
}): { project: string; label: string; group: number }[];
export declare function exportsLintArgs(): string[];
export declare function lintArgs(o: { quick: boolean; cacheDir: string }): string[];
export declare const PLAYWRIGHT_PHASES: { projects: string[]; label: string; report: string }[];
export declare function playwrightArgs(o: { quick: boolean; projects?: string[] }): string[];
export declare function summaryLines(o: {
  quick: boolean;
  stages: string[];
  failures?: string[];
  slowest?: { seconds: number; title: string }[];
  totalSeconds: number;
  cpu?: { seconds: number; cores: number } | undefined;
  passed: number;
  failed: number;
}): string[];
export declare function vitestFailures(report: unknown, project: string, root?: string): string[];
export declare function playwrightFailures(report: unknown): string[];
export declare const SUITE_BUDGET_SECONDS: { full: number; quick: number };
export declare function slowestTests(report: unknown, count?: number): { seconds: number; title: string }[];
export declare const SLOWEST_SHOWN: number;
export declare function busyCpuSeconds(stat: string | undefined, ticksPerSecond?: number): number | undefined;
export declare function statCores(stat: string | undefined): number | undefined;
