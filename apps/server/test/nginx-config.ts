import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The shipped nginx sites (deploy/nginx) read as nginx reads them, enough for the deploy tests to
 * hold them to the app (SEC-09's body limits, SEC-10's webhook): directives and blocks, which
 * location a path lands in, and what a location inherits from its server.
 */

export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

export const deployNginx = (file: string) => fileURLToPath(new URL(`../../../deploy/nginx/${file}`, import.meta.url));

/** Words, quoted strings (unquoted, escapes kept as nginx reads them) and `{` `}` `;`; comments dropped. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i += 1;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i += 1;
    else if (c === '{' || c === '}' || c === ';') {
      out.push(c);
      i += 1;
    } else if (c === '"' || c === "'") {
      let value = '';
      i += 1;
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\' && i + 1 < text.length) i += 1;
        value += text[i];
        i += 1;
      }
      i += 1;
      out.push(`\u0000${value}`);
    } else {
      let word = '';
      while (i < text.length && !/[\s{};]/.test(text[i]!)) word += text[i++];
      out.push(word);
    }
  }
  return out;
}

/** A quoted token keeps a NUL in front so that a quoted `{` is never a block. */
const word = (token: string) => (token.startsWith('\u0000') ? token.slice(1) : token);

export function parseNginx(text: string): Directive[] {
  const list = tokens(text);
  let i = 0;
  const parseBlock = (): Directive[] => {
    const out: Directive[] = [];
    while (i < list.length && list[i] !== '}') {
      const name = word(list[i++]!);
      const args: string[] = [];
      while (i < list.length && list[i] !== ';' && list[i] !== '{') args.push(word(list[i++]!));
      if (list[i] === '{') {
        i += 1;
        out.push({ name, args, block: parseBlock() });
        if (list[i] !== '}') throw new Error(`nginx config: "${name}" block not closed`);
      } else {
        out.push({ name, args });
      }
      i += 1;
    }
    return out;
  };
  const parsed = parseBlock();
  if (i < list.length) throw new Error('nginx config: an unmatched }');
  return parsed;
}

export function readSite(file: string): Directive[] {
  return parseNginx(readFileSync(deployNginx(file), 'utf8'));
}

export const all = (block: Directive[] | undefined, name: string) => (block ?? []).filter((d) => d.name === name);
export const first = (block: Directive[] | undefined, name: string) => all(block, name)[0];

/** `64k`, `10m`, `1500000` in bytes (nginx's k and m are 1024-based). */
export function sizeOf(value: string): number {
  const m = /^(\d+)([kKmMgG]?)$/.exec(value);
  if (!m) throw new Error(`nginx config: not a size: ${value}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

export interface Location {
  modifier: '' | '=' | '^~' | '~' | '~*' | '@';
  pattern: string;
  block: Directive[];
}

/** A server's locations, the same objects every time (a test may group routes by location). */
const locationCache = new WeakMap<Directive, Location[]>();
export function locationsOf(server: Directive): Location[] {
  const cached = locationCache.get(server);
  if (cached) return cached;
  const locations = all(server.block, 'location').map((d): Location => {
    const [a = '', b] = d.args;
    if (a.startsWith('@')) return { modifier: '@', pattern: a, block: d.block ?? [] };
    if (b === undefined) return { modifier: '', pattern: a, block: d.block ?? [] };
    return { modifier: a as Location['modifier'], pattern: b, block: d.block ?? [] };
  });
  locationCache.set(server, locations);
  return locations;
}

/**
 * The location nginx picks for a (normalised) path: an exact `=` match; else the longest prefix,
 * kept if it is `^~`; else the first regular expression that matches, in the file's order; else
 * that longest prefix (nginx's documented order).
 */
export function locationFor(server: Directive, path: string): Location | undefined {
  const locations = locationsOf(server);
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === path);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && path.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  const longest = prefixes[0];
  if (longest?.modifier === '^~') return longest;
  const regex = locations.find(
    (l) =>
      (l.modifier === '~' || l.modifier === '~*') && new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(path),
  );
  return regex ?? longest;
}

/** A directive as the location sees it: its own, else its server's (nginx's inheritance), else undefined. */
export function inherited(server: Directive, location: Location, name: string): Directive[] {
  const own = all(location.block, name);
  return own.length > 0 ? own : all(server.block, name);
}

/** What a location lets through: its client_max_body_size, else its server's, else nginx's 1m. */
export function bodyLimitOf(server: Directive, location: Location): number {
  const [size] = inherited(server, location, 'client_max_body_size');
  return sizeOf(size?.args[0] ?? '1m');
}

/** The servers of a site that hand requests to the app (the port-80 redirect does not). */
export function proxyingServers(site: Directive[]): Directive[] {
  return all(site, 'server').filter((s) => locationsOf(s).some((l) => first(l.block, 'proxy_pass')));
}

/** Whether nginx answers in this location itself: `return 4xx` or `deny all`, no proxy_pass. */
export function refuses(location: Location): boolean {
  if (first(location.block, 'proxy_pass')) return false;
  const ret = first(location.block, 'return');
  return (
    (ret !== undefined && /^4\d\d$/.test(ret.args[0] ?? '')) ||
    all(location.block, 'deny').some((d) => d.args[0] === 'all')
  );
}

/** The value a location sends the app in a request header ('' : removed), or undefined: passed as the client sent it. */
export function headerSent(server: Directive, location: Location, header: string): string | undefined {
  const set = inherited(server, location, 'proxy_set_header').find(
    (d) => d.args[0]?.toLowerCase() === header.toLowerCase(),
  );
  return set?.args[1];
}
