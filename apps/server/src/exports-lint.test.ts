import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { exportsLintArgs } from '../../../scripts/lib/test-plan.mjs';

/**
 * DEV-06: no unused exports, checked in lint. `npm test`'s lint stage and `npm run lint` run knip with the
 * repository's knip.json; here the same knip, with the same issue types, runs on a tiny project with one
 * planted unused export and one planted unused exported type, and must fail on both and on nothing else.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const repoConfig = JSON.parse(readFileSync(join(root, 'knip.json'), 'utf8')) as { include: string[] };
const knip = join(root, 'node_modules/knip/bin/knip.js');
const dir = mkdtempSync(join(tmpdir(), 'knip-planted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function project(lib: string): { status: number | null; output: string } {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'planted', private: true, type: 'module' }));
  writeFileSync(join(dir, 'knip.json'), JSON.stringify({ include: repoConfig.include, entry: ['main.ts'], project: ['*.ts'] }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true } }));
  writeFileSync(join(dir, 'main.ts'), "import { used, type Used } from './lib.ts';\nconst u: Used = used;\nconsole.log(u);\n");
  writeFileSync(join(dir, 'lib.ts'), lib);
  const r = spawnSync(process.execPath, [knip, '--no-progress', '--no-config-hints', '--directory', dir], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('lint: unused exports', () => {
  test('[DEV-06] the lint stage and `npm run lint` run knip, with the same arguments', () => {
    expect(exportsLintArgs()[0]).toBe('knip');
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['lint:exports']).toBe(exportsLintArgs().join(' '));
    expect(scripts.lint).toContain('npm run lint:exports');
    expect(repoConfig.include).toEqual(expect.arrayContaining(['exports', 'types', 'files', 'duplicates']));
  });

  test('[DEV-06] knip fails on a planted unused export and a planted unused exported type, and passes once they are gone', () => {
    const planted = project(
      'export const used = 1;\nexport type Used = number;\nexport const plantedUnused = 2;\nexport type PlantedUnusedType = string;\n',
    );
    expect(planted.status, planted.output).toBe(1);
    expect(planted.output).toMatch(/Unused exports \(1\)[\s\S]*plantedUnused/);
    expect(planted.output).toMatch(/Unused exported types \(1\)[\s\S]*PlantedUnusedType/);
    expect(planted.output).not.toMatch(/\bused\b.*lib\.ts/);

    const clean = project('export const used = 1;\nexport type Used = number;\n');
    expect(clean.output.trim()).toBe('');
    expect(clean.status).toBe(0);
  }, 30_000);
});
