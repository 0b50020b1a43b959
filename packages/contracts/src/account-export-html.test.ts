import { describe, expect, test } from 'vitest';
import type { AccountExport } from './account';
import { accountExport } from './account';
import { exportHtmlUi, renderExportHtml } from './account-export-html';

/** A minimal export with one tag, to look at how the new parts are written. */
function sample(photoUrl: string): AccountExport {
  return {
    exportedAt: '2026-03-02T15:04:00Z',
    profile: { name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '', cpfOrCnpj: '', createdAt: '2026-01-01T12:00:00Z', termsVersion: null, termsAcceptedAt: null, isToqueAdmin: false },
    consents: [],
    tags: [
      {
        code: 'ABCD2345',
        productId: 3,
        productName: 'Pet',
        name: 'Rex',
        importantInfo: '',
        showInfoToFinder: false,
        isActive: true,
        scanAlerts: true,
        lost: null,
        disabledAt: null,
        createdAt: '2026-01-01T12:00:00Z',
        members: [],
        pendingInvitations: [],
        plan: { interval: 'monthly', dueAt: null },
        finderPage: { showOwnerName: true, showPhoto: true, showReward: true, showCity: false, lostCity: null },
        photo: { contentType: 'image/webp', width: 2, height: 1, bytes: 40, uploadedAt: '2026-01-02T12:00:00Z', dataUrl: photoUrl },
        quietHours: { days: [5, 6], from: '22:00', until: '08:00', timeZone: 'America/Sao_Paulo' },
        ringOrderSeconds: null,
      },
    ],
    memberships: [],
    residencies: [],
    calls: [],
    scans: [],
    conversations: [],
    deliveries: [],
    passes: [],
    charges: [],
    pushSubscriptions: [],
    mails: [],
  };
}

describe('[ACC-07] the readable export', () => {
  test('[ACC-03] [FIND-09] the photo is an <img> only for a base64 image data: URL; the schema refuses anything else', () => {
    const good = sample('data:image/webp;base64,UklGRg==');
    expect(accountExport.parse(good)).toEqual(good);
    expect(renderExportHtml(good)).toContain('<img class="photo" src="data:image/webp;base64,UklGRg==" width="2" height="1"');
    for (const bad of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/webp;base64,x" onerror="alert(1)', 'https://exemplo.com/foto.webp']) {
      expect(accountExport.safeParse(sample(bad)).success, bad).toBe(false);
      const html = renderExportHtml(sample(bad));
      expect(html, bad).not.toContain('<img');
      expect(html, bad).toContain(`<dd>${exportHtmlUi.tags.noPhoto}</dd>`);
    }
  });

  test('[ACC-03] [FIND-07] [FIND-08] quiet hours are written in days and times with the zone; no ring order reads "everyone at once"', () => {
    const html = renderExportHtml(sample('data:image/webp;base64,UklGRg=='));
    expect(html).toContain(exportHtmlUi.quietWindow('Sexta, Sábado', '22:00', '08:00', 'America/Sao_Paulo'));
    expect(html).toContain(`<dd>${exportHtmlUi.tags.together}</dd>`);
    for (const heading of [exportHtmlUi.conversations.heading, exportHtmlUi.deliveries.heading, exportHtmlUi.passes.heading]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
  });
});
