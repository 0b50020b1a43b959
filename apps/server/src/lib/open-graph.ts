import type { PublicTag } from '@toque/contracts/calls';
import { posterApi, posterOg, posterText, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '@toque/contracts/poster';
import { paths } from '@toque/contracts/routes';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A description a preview shows whole: WhatsApp and the others cut near 200 characters. */
const DESCRIPTION_MAX = 200;

/**
 * FIND-10 (docs/decisions/0054): the Open Graph tags of a lost tag's finder page, for the link the
 * owner shares — a title, the owner's lost message (and the city, when switched on), the page's
 * address and, when the page shows the photo, its 1200 × 630 preview. Built from the finder's
 * own view of the tag (what the page already shows, nothing more), and only for a lost tag the
 * page answers for: any other page has none, so a tag nobody lost says nothing to a link preview.
 */
export function openGraphTags(tag: PublicTag, publicUrl: string): string {
  if (tag.state !== 'active' || !tag.lost) return '';
  const base = publicUrl.replace(/\/$/, '');
  const pageUrl = `${base}${paths.finder(encodeURIComponent(tag.code))}`;
  const where = tag.lost.city ? ` ${posterText.lostOn(null, tag.lost.city)}.` : '';
  const text = `${tag.lost.message.replace(/\s+/g, ' ').trim()}${where}`;
  const description = text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
  const meta: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', posterOg.siteName],
    ['og:title', posterOg.title(tag.name)],
    ['og:description', description],
    ['og:url', pageUrl],
  ];
  const hash = tag.photo ? /\/([0-9a-f]{32})\.webp$/.exec(tag.photo.url)?.[1] : undefined;
  if (hash) {
    meta.push(
      ['og:image', `${base}/api${posterApi.preview(tag.code, hash)}`],
      ['og:image:type', 'image/jpeg'],
      ['og:image:width', String(PREVIEW_WIDTH)],
      ['og:image:height', String(PREVIEW_HEIGHT)],
      ['og:image:alt', posterOg.title(tag.name)],
    );
  }
  const tags = meta.map(([property, content]) => `<meta property="${property}" content="${escape(content)}">`);
  tags.push(`<meta name="twitter:card" content="${hash ? 'summary_large_image' : 'summary'}">`);
  return tags.join('\n    ');
}
