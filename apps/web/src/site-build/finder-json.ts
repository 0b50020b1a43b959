import { FINDER_DATA_ID, type FinderSeed } from '@toque/contracts/finder-page';

/**
 * PERF-05: the finder page's seed as a JSON data block (not run: the CSP allows no inline script).
 * The tag's name and information are the owner's text: every `<`, `>` and `&` is written as a
 * JSON escape, so no `</script>` or `<!--` can end or bend the block, and U+2028/U+2029 too.
 */
export function finderJson(seed: FinderSeed): string {
  const json = JSON.stringify(seed).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${FINDER_DATA_ID}">${json}</script>`;
}
