import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * The project's own eslint.config.js, reporting only this rule: without the type-aware rules no
 * TypeScript program is built (a minute on a small machine), and the rule needs none.
 */
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'toque/data-access',
});

/** Lints `code` as if it were the file at `path` (from the repository's root). */
async function lint(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!;
}

const dataAccess = (result: ESLint.LintResult) => result.messages.map((m) => [m.ruleId, m.line, m.message]);

// The same text in two places: a service may not speak SQL, its module's repository may.
const query = `import { eq } from 'drizzle-orm';
import { tags } from '../../db/schema';

export const byCode = (code: string) => eq(tags.code, code);
`;

describe('where data access lives (docs/decisions/0032-data-access.md)', () => {
  test('[DEV-01] drizzle-orm or db/schema imported by a service fails lint; the same text in a repository passes', async () => {
    const service = await lint(query, 'apps/server/src/modules/scans/service.ts');
    expect(service.errorCount).toBeGreaterThan(0);
    expect(dataAccess(service)).toEqual([
      ['toque/data-access', 1, expect.stringContaining("'drizzle-orm' may be imported only by a module's repository.ts")],
      ['toque/data-access', 2, expect.stringContaining('the database schema (db/schema) may be imported only by')],
    ]);

    const repository = await lint(query, 'apps/server/src/modules/scans/repository.ts');
    expect(repository.errorCount).toBe(0);
    expect(repository.messages).toEqual([]);
    // The first lint loads the config and its plugins (seconds on a busy 2-core machine).
  }, 60_000);

  test('[DEV-01] a plugin may not import a drizzle-orm subpath; db/ itself and tests may', async () => {
    const subpath = `import type { PgDatabase } from 'drizzle-orm/pg-core';\n\nexport type D = PgDatabase<never>;\n`;
    expect(dataAccess(await lint(subpath, 'apps/server/src/plugins/db.ts'))).toHaveLength(1);
    expect(dataAccess(await lint(subpath, 'apps/server/src/db/client.ts'))).toEqual([]);
    expect(dataAccess(await lint(subpath, 'apps/server/src/lib/log-safety.test.ts'))).toEqual([]);
  });

  test('[DEV-01] a service may import repositories and the Conn type; a schema of another kind is no data access', async () => {
    const allowed = `import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type { Conn } from '../../db/client';
import { tagsRepository } from '../../db/repositories/tags';

export const find = (db: Conn, code: string) => tagsRepository.findTag(db, code);
export type S = FastifySerializerCompiler<unknown>;
`;
    expect(dataAccess(await lint(allowed, 'apps/server/src/modules/scans/service.ts'))).toEqual([]);
  });
});
