import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// DEV-02: the suite's set-up has one home each. These read the suite's own files: a spec that
// hand-builds a server or mints codes its own way fails here, naming the file.
const dir = fileURLToPath(new URL('.', import.meta.url));
const files = [...readdirSync(dir).filter((f) => f.endsWith('.ts')), ...readdirSync(join(dir, 'support')).map((f) => `support/${f}`)];
const source = (file: string) => readFileSync(join(dir, file), 'utf8');

test('[DEV-02] codes are minted one way: only support/codes.ts runs the mint command', () => {
  const minting = files.filter((f) => /['"]mint['"]/.test(source(f)));
  expect(minting).toEqual(['support/codes.ts']);
});

test('[DEV-02] the app server is started one way: only support/servers.ts (and the config) launch it', () => {
  const launching = files.filter((f) => /dist\/main|e2e-server\.mjs/.test(source(f)));
  expect(launching.sort()).toEqual(['playwright.config.ts', 'support/servers.ts']);
});

test('[DEV-06] API paths come from the contracts: no spec or helper writes an /api/… path as a string', () => {
  // A path written by hand drifts from the server's routes unseen; `apiUrl(route)` of support/api.ts
  // builds every one from the contracts' route constants. Comments may still name a path.
  const code = (file: string) => source(file).replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  const writing = files.filter((f) => /['"`]\/api\//.test(code(f)));
  expect(writing).toEqual([]);
});
