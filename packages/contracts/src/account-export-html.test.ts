import { describe, expect, test } from 'vitest';
import type { AccountExport } from './account';
import { accountExport } from './account';
import { exportHtmlUi, renderExportHtml } from './account-export-html';
import { emptyMedicalCard, medicalCardUi } from './medical-card';

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
        medicalCard: null,
      },
    ],
    memberships: [],
    residencies: [],
    calls: [],
    scans: [],
    conversations: [],
    deliveries: [],
    passes: [],
    gateOpenings: [],
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

  test('[FIND-11] [ACC-07] a wristband\'s medical card is in the document: each field, whether the finder sees it, typed text escaped', () => {
    const data = sample('data:image/webp;base64,UklGRg==');
    data.tags[0] = {
      ...data.tags[0]!,
      productId: 1,
      productName: 'Pulseira',
      medicalCard: {
        ...emptyMedicalCard,
        needsCare: true,
        allergies: 'Dipirona <b>grave</b>',
        showAllergies: true,
        medication: 'Insulina',
        showMedication: false,
        bloodType: 'O-',
        showBloodType: true,
        updatedAt: '2026-01-03T12:00:00Z',
      },
    };
    expect(accountExport.parse(data)).toEqual(data);
    const html = renderExportHtml(data);
    const label = (field: string) => `<dt>${exportHtmlUi.tags.medicalCard} — ${field}</dt>`;
    expect(html).toContain(`${label(medicalCardUi.needsCare)}<dd>${exportHtmlUi.yes}</dd>`);
    expect(html).toContain(`${label(medicalCardUi.allergies)}<dd>Dipirona &#60;b&#62;grave&#60;/b&#62; (mostrado para quem encontrar)</dd>`);
    expect(html).toContain(`${label(medicalCardUi.medication)}<dd>${exportHtmlUi.tags.medicalHidden('Insulina')}</dd>`);
    expect(html).toContain(`${label(medicalCardUi.bloodType)}<dd>${exportHtmlUi.tags.medicalShown('O-')}</dd>`);
    expect(html).toContain(`${label(medicalCardUi.conditions)}<dd>${exportHtmlUi.empty}</dd>`);
    expect(html).not.toContain('<b>grave');
    // A tag without a card has no such rows.
    expect(renderExportHtml(sample('data:image/webp;base64,UklGRg=='))).not.toContain(exportHtmlUi.tags.medicalCard);
  });
});
