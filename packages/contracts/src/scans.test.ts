import { describe, expect, test } from 'vitest';
import { scanAlertText, shareLocationBody } from './scans';
import { editTagBody, updateNameBody } from './products';
import { msg } from './messages';

describe('scan alerts and lost mode', () => {
  test('[FIND-01] [FIND-02] the alert names the tag (else its type), the locality when known, and marks a lost tag', () => {
    const scan = { tagName: 'Coleira do Thor', productId: 3, locality: null, lost: false };
    expect(scanAlertText(scan)).toBe('Seu Toque Coleira do Thor foi escaneado');
    expect(scanAlertText({ ...scan, locality: 'Belo Horizonte' })).toBe(
      'Seu Toque Coleira do Thor foi escaneado em Belo Horizonte',
    );
    expect(scanAlertText({ ...scan, tagName: '  ', lost: true })).toBe('Seu Toque Pet foi escaneado (perdido)');
  });

  test('[FIND-01] a shared position takes the call location ranges, both coordinates required', () => {
    expect(shareLocationBody.safeParse({ latitude: -90, longitude: 180 }).success).toBe(true);
    for (const bad of [
      { latitude: 90.1, longitude: 0 },
      { latitude: 0, longitude: -180.5 },
      { latitude: 0 },
      { latitude: '1', longitude: 1 },
    ]) {
      expect(shareLocationBody.safeParse(bad).success).toBe(false);
    }
  });

  test('[FIND-02] lost mode needs its message (after trimming), within 280 characters; the reward within 80', () => {
    const base = { code: 'AB23CD45', name: 'Rex' };
    const issue = (body: object) => updateNameBody.safeParse({ ...base, ...body }).error?.issues[0]?.message;
    expect(issue({ lost: true, lostMessage: '   ' })).toBe(msg.lostMessageRequired);
    expect(issue({ lost: true })).toBe(msg.lostMessageRequired);
    expect(issue({ lost: true, lostMessage: 'x'.repeat(281) })).toBe(msg.lostMessageTooLong);
    expect(issue({ lost: true, lostMessage: 'Fugiu', lostReward: 'r'.repeat(81) })).toBe(msg.lostRewardTooLong);
    expect(issue({ lost: false, lostMessage: '' })).toBeUndefined();
    expect(issue({ lost: true, lostMessage: ' Fugiu ', lostReward: '' })).toBeUndefined();
    // The edit form's schema is the same rule without the code.
    expect(editTagBody.safeParse({ name: 'Rex', lost: true, lostMessage: '' }).error?.issues[0]?.path).toEqual([
      'lostMessage',
    ]);
  });
});
