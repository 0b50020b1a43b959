// Import boundaries (STYLE habit 7), as a tiny local ESLint rule:
// - web: a feature never imports another feature; shared code (components/ui, lib, content)
//   never imports features or app (imports flow shared → features → app);
// - server: a module never imports another module's repository;
// - server data access (docs/decisions/0032-data-access.md): only a repository — a module's
//   `repository.ts` or anything under `db/` — imports `drizzle-orm` (any subpath) or `db/schema`.
//   Tests read the database directly to check what was written, so `*.test.ts` may too.
import path from 'node:path';

const rel = (file) => file.split(path.sep).join('/');

function resolveTarget(fromFile, spec) {
  if (!spec.startsWith('.')) return undefined;
  return rel(path.resolve(path.dirname(fromFile), spec));
}

function violation(fromFile, target) {
  const from = rel(fromFile);
  const web = from.match(/apps\/web\/src\/(features\/([^/]+)|components\/ui|lib|content)\//);
  if (web) {
    const targetFeature = target.match(/apps\/web\/src\/features\/([^/]+)/)?.[1];
    if (web[2] && targetFeature && targetFeature !== web[2]) return `feature '${web[2]}' imports feature '${targetFeature}'`;
    if (!web[2] && (targetFeature || /apps\/web\/src\/app\//.test(target))) return 'shared code imports a feature or the app';
  }
  const mod = from.match(/apps\/server\/src\/modules\/([^/]+)\//)?.[1];
  const targetRepo = target.match(/apps\/server\/src\/modules\/([^/]+)\/repository/)?.[1];
  if (mod && targetRepo && targetRepo !== mod) return `module '${mod}' imports module '${targetRepo}''s repository`;
  return undefined;
}

const serverSource = /apps\/server\/src\//;
const dataAccessHome = /apps\/server\/src\/(db\/|modules\/[^/]+\/repository\.ts$)|\.test\.ts$/;

/** Why this import is data access outside a repository, or undefined. */
function dataAccess(fromFile, spec) {
  const from = rel(fromFile);
  if (!serverSource.test(from) || dataAccessHome.test(from)) return undefined;
  if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) return `'${spec}'`;
  const target = resolveTarget(fromFile, spec);
  if (target && /apps\/server\/src\/db\/schema(\.[jt]s)?$/.test(target)) return 'the database schema (db/schema)';
  return undefined;
}

/** Import-like nodes: the module they name, when it is written as a string. */
const sourceOf = (node) => (node.source && typeof node.source.value === 'string' ? node.source.value : undefined);

export const boundaries = {
  rules: {
    'data-access': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          outside:
            'Data access lives in repositories (docs/decisions/0032-data-access.md): {{what}} may be imported only by a module\'s repository.ts or a file under apps/server/src/db/. Move the query into a repository function and call that.',
        },
      },
      create(context) {
        const check = (node) => {
          const spec = sourceOf(node);
          const what = spec && dataAccess(context.filename, spec);
          if (what) context.report({ node, messageId: 'outside', data: { what } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    boundaries: {
      meta: { type: 'problem', schema: [], messages: { crossed: 'Import boundary crossed: {{why}}.' } },
      create(context) {
        const check = (node) => {
          const spec = node.source && node.source.value;
          if (typeof spec !== 'string') return;
          const target = resolveTarget(context.filename, spec);
          const why = target && violation(context.filename, target);
          if (why) context.report({ node, messageId: 'crossed', data: { why } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
