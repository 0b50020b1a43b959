import { describe, expect, test } from 'vitest';
import { accountMailMsg, accountMsg, accountUi } from './account';
import { adminUi, condoUi } from './admin-ui';
import { callUi } from './call-ui';
import { dashboardUi } from './dashboard-ui';
import { doorWords, finderText } from './finder-text';
import { exportHtmlUi } from './account-export-html';
import { mailMsg, tagMailMsg } from './mail';
import { ringingUi, setupGuideUi } from './ringing';
import * as messages from './messages';
import { ui } from './ui';
import { bulkMsg } from './units-bulk';
import { chargeWords, planWords, statementWords } from './billing';
import { callSettingsUi, quietMsg } from './quiet-hours';
import { doorFinderText, doorMsg, doorUi } from './door';
import { conversationFinderText, conversationMsg, conversationsUi } from './conversations';
import { geofenceMsg, geofenceUi } from './geofence';
import { mapUi } from './map-ui';
import { medicalCardUi, medicalMsg } from './medical-card';
import { posterMsg, posterOg, posterText, posterUi } from './poster';
import { gateFinderText, gateMsg, gateUi } from './gate';

/**
 * Every Portuguese text of the catalogue, one `path = text` line each, against a file kept in the
 * repository. The specification's own strings are pinned to its literals in
 * spec-literals.test.ts; this pins everything else we wrote (the server's answers, the screens'
 * labels, the e-mails' subjects), so a typo or a lost text fails here and a deliberate change is
 * a reviewed diff of `catalogue.txt` (`npx vitest run --project unit -u`).
 */
const catalogue = {
  msg: messages.msg,
  apiMsg: messages.apiMsg,
  replyMsg: messages.replyMsg,
  tagMsg: messages.tagMsg,
  // FIND-09: the photo upload's answers.
  photoMsg: messages.photoMsg,
  callMsg: messages.callMsg,
  condoMsg: messages.condoMsg,
  // CONDO-12…14: a building at once, residents by e-mail.
  bulkMsg,
  // CONDO-17: a plate that rings only at its door.
  geofenceMsg,
  geofenceUi,
  // CALL-05 / CONDO-17: the maps' zoom buttons and their fallback without tiles.
  mapUi,
  // FIN-02: plans in words.
  planWords,
  // FIN-03 / FIN-04: charges in words.
  chargeWords,
  statementWords,
  adminMsg: messages.adminMsg,
  tooManyAttemptsMessage: messages.tooManyAttemptsMessage,
  mailMsg,
  tagMailMsg,
  accountMsg,
  accountMailMsg,
  accountUi,
  // ACC-07: the readable export's labels.
  exportHtmlUi,
  ui,
  callUi,
  dashboardUi,
  condoUi,
  adminUi,
  // CALL-16 / ACC-05: the owner's ringing and the onboarding's steps.
  ringingUi,
  setupGuideUi,
  // FIND-03: the finder's English and Spanish (the Portuguese is callUi.finder and callMsg above).
  finderEn: finderText.en,
  finderEs: finderText.es,
  // CONDO-19: the finder's texts a door says in its own words (the residents, not an owner).
  doorWordsPt: doorWords['pt-BR'],
  doorWordsEn: doorWords.en,
  doorWordsEs: doorWords.es,
  // FIND-07 / FIND-08: quiet hours and the ring order.
  quietMsg,
  callSettingsUi,
  // CONDO-15 / CONDO-16: the door — the residents' and síndico's words, the courier's and visitor's in three languages.
  doorMsg,
  doorUi,
  doorFinderPt: doorFinderText['pt-BR'],
  doorFinderEn: doorFinderText.en,
  doorFinderEs: doorFinderText.es,
  // FIND-06: the conversation — the server's answers, the owner's screens, the finder's three languages.
  conversationMsg,
  conversationsUi,
  conversationFinderPt: conversationFinderText['pt-BR'],
  conversationFinderEn: conversationFinderText.en,
  conversationFinderEs: conversationFinderText.es,
  // FIND-11: the wristband's medical card — the server's answers and the owner's form.
  medicalMsg,
  medicalCardUi,
  // FIND-10: the lost poster, its server answers, the dashboard's box and the link's preview.
  posterText,
  posterMsg,
  posterUi,
  posterOg,
  // CONDO-18: the gate — the server's answers, the síndico's and resident's screens, the visitor's three languages.
  gateMsg,
  gateUi,
  gateFinderPt: gateFinderText['pt-BR'],
  gateFinderEn: gateFinderText.en,
  gateFinderEs: gateFinderText.es,
};

/** Texts built by a function are listed with sample arguments: a name, a count, a type. */
const samples: unknown[][] = [[], ['Maria'], [1], [3], [120]];

function lines(value: unknown, path: string): string[] {
  if (typeof value === 'string') return [`${path} = ${JSON.stringify(value)}`];
  if (typeof value === 'number' || typeof value === 'boolean') return [`${path} = ${String(value)}`];
  if (value === null || value === undefined) return [];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const seen = new Set<string>();
    return samples.flatMap((args) => {
      if (args.length !== fn.length) return [];
      let out: unknown;
      try {
        out = fn(...args);
      } catch {
        return [];
      }
      const label = `${path}(${args.map((a) => JSON.stringify(a)).join(', ')})`;
      const result = lines(out, label).filter((line) => !seen.has(line.split(' = ')[1]!));
      result.forEach((line) => seen.add(line.split(' = ')[1]!));
      return result;
    });
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => lines(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => lines(item, `${path}.${key}`));
  return [];
}

describe('the catalogue of texts', () => {
  const text = Object.entries(catalogue)
    .flatMap(([name, value]) => lines(value, name))
    .join('\n');

  test('[API-05] [ACC-04] every text a user reads is what catalogue.txt says', async () => {
    await expect(`${text}\n`).toMatchFileSnapshot('./__snapshots__/catalogue.txt');
  });

  test('[API-05] the walk reaches texts built by functions and nested deep', () => {
    expect(text.split('\n').length).toBeGreaterThan(300);
    expect(text).toContain('tooManyAttemptsMessage(120) = "Muitas tentativas. Tente novamente em 2 minutos."');
  });
});
