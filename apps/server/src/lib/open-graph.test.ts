import { describe, expect, test } from 'vitest';
import type { PublicTag } from '@toque/contracts/calls';
import { posterOg } from '@toque/contracts/poster';
import { openGraphTags } from './open-graph';

const hash = '0123456789abcdef0123456789abcdef';
const lostTag = (over: Partial<PublicTag> = {}): PublicTag => ({
  code: 'ABCD2345',
  state: 'active',
  product_id: 3,
  type: 'Pet',
  name: 'Rex',
  owner_first_name: 'Joana',
  units: [],
  photo: { url: `/api/public/tags/ABCD2345/photo/${hash}.webp`, width: 1024, height: 768 },
  lost: { message: 'Fugiu perto da praça', reward: null, reward_cents: null, city: 'Belo Horizonte' },
  ...over,
});
const content = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('[FIND-10] the Open Graph tags of a lost tag’s page', () => {
  test('[FIND-10] title, description (message and city), the page’s address and the 1200 × 630 preview of the photo', () => {
    const html = openGraphTags(lostTag(), 'https://toque.example/');
    expect(content(html, 'og:title')).toBe(posterOg.title('Rex'));
    expect(content(html, 'og:description')).toBe('Fugiu perto da praça Perdido em Belo Horizonte.');
    expect(content(html, 'og:url')).toBe('https://toque.example/t/ABCD2345');
    expect(content(html, 'og:image')).toBe(`https://toque.example/api/public/tags/ABCD2345/preview/${hash}.jpg`);
    expect([content(html, 'og:image:width'), content(html, 'og:image:height')]).toEqual(['1200', '630']);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The owner's name is not the page's preview.
    expect(html).not.toContain('Joana');
  });

  test('[FIND-10] no photo shown: no image; a tag not lost, switched off or suspended: no tags at all', () => {
    const noPhoto = openGraphTags(lostTag({ photo: undefined }), 'https://toque.example');
    expect(content(noPhoto, 'og:image')).toBeUndefined();
    expect(noPhoto).toContain('content="summary"');
    expect(openGraphTags(lostTag({ lost: undefined }), 'https://toque.example')).toBe('');
    for (const state of ['inactive', 'disabled', 'suspended'] as const) expect(openGraphTags(lostTag({ state }), 'https://toque.example')).toBe('');
  });

  test('[FIND-10] [SEC-04] the owner’s words cannot leave the attribute: quotes and angle brackets are escaped; a long message is cut', () => {
    const html = openGraphTags(lostTag({ name: 'Rex"><script>x</script>', lost: { message: `"><img src=x onerror=alert(1)> ${'a'.repeat(400)}`, reward: null, reward_cents: null } }), 'https://toque.example');
    expect(html).not.toMatch(/<script|<img/);
    expect(content(html, 'og:title')).toBe('Procura-se: Rex&quot;&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(content(html, 'og:description')!.length).toBeLessThanOrEqual(230);
    expect(content(html, 'og:description')!.endsWith('…')).toBe(true);
  });
});
