/**
 * The browser suite's set-up, one concern per file under support/ (see docs/decisions/0034):
 * accounts (users, sessions, tags through the API), codes (the operator CLI, minting), pages
 * (locators and assertions on screens), console (the error guard), calls (the owner and the
 * finder of a call), processes and servers (what a spec starts itself), limits, and fixtures
 * (the suite's `test`). Specs import from here; the helpers of fewer specs (dashboard, public, shots,
 * print, qr, firefox, webkit, …) from their own files.
 */
export * from './support/accounts';
export * from './support/api';
export * from './support/axe';
export * from './support/calls';
export * from './support/codes';
export * from './support/console';
export * from './support/fixtures';
export * from './support/limits';
export * from './support/pages';
export * from './support/processes';
export * from './support/push';
export * from './support/residents';
export * from './support/servers';
