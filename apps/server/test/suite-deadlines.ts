/**
 * REL-06's PostgreSQL deadlines for the suites' servers (docs/decisions/0050's addendum 2): a request waits
 * 750 ms for a connection and 1.2 s for a statement in production, and a loaded 2-core machine (two
 * browsers, the servers, the test runner) passed them without any outage — `call-page-guard`'s set-up got
 * a 503, a join in calls-next-steps `ok: false`. The API suite (helpers.ts) and the browser suite's servers
 * (e2e/support/limits.ts) run with these; the outage tests keep the production deadlines
 * (ops/db-outage.test.ts, db-outage.spec.ts behind the PostgreSQL proxy).
 */
export const busyMachineDeadlines: Readonly<Record<string, string>> = {
  DB_CONNECT_TIMEOUT_MS: '15000',
  DB_QUERY_DEADLINE_MS: '20000',
};
