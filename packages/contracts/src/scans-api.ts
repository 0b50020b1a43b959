/** The scan alerts' paths (FIND-01), apart from their schemas: the finder page's island reports a scan without loading Zod (PERF-06). */
export const scansApi = {
  scan: (code: string) => `/public/tags/${encodeURIComponent(code)}/scan`,
  shareLocation: (code: string) => `/public/tags/${encodeURIComponent(code)}/location`,
  history: '/scans/history',
} as const;
