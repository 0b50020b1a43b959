// Import boundaries (STYLE habit 7), as a tiny local ESLint rule:
// - web: a feature never imports another feature; shared code (components/ui, lib, content)
//   never imports features or app (imports flow shared → features → app);
// - server: a module never imports another module's repository.
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

export const boundaries = {
  rules: {
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
