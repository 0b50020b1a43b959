import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every component of the public site, as source text.
const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

/** Attributes that carry markup, styling or wiring, never words the visitor reads. */
const wiring =
  /^(className|id|key|type|role|rel|target|href|src|fetchPriority|loading|viewBox|d|fill|stroke.*|xmlns|width|height|allow|idPrefix|direction|variant|size|tone|aria-(hidden|controls|haspopup|current|live|expanded|labelledby)|name|productKey|data-.*)$/;
const words = /\p{L}{2,}/u;

/** Visible or spoken text written in a component instead of coming from the content module. */
function inlineCopy(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && words.test(node.text)) found.push(`${file}: text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && !wiring.test(node.name.getText())) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value.text
          : value &&
              ts.isJsxExpression(value) &&
              value.expression &&
              ts.isNoSubstitutionTemplateLiteral(value.expression)
            ? value.expression.text
            : value && ts.isJsxExpression(value) && value.expression && ts.isTemplateExpression(value.expression)
              ? [value.expression.head.text, ...value.expression.templateSpans.map((span) => span.literal.text)].join(
                  ' ',
                )
              : '';
      if (words.test(literal)) found.push(`${file}: ${node.name.getText()}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

describe('public site copy', () => {
  it('[PUB-17] components hold no Portuguese copy: it all comes from src/content', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const found = Object.entries(sources).flatMap(([file, text]) => inlineCopy(file, text));
    expect(found).toEqual([]);
  });

  it('[PUB-17] the check sees copy written inline', () => {
    const sample = 'export const A = () => <p title="Olá mundo">Compre já {x}</p>;';
    expect(inlineCopy('sample.tsx', sample)).toEqual(['sample.tsx: title="Olá mundo"', 'sample.tsx: text "Compre já"']);
  });
});
