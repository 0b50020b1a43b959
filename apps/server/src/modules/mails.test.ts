import { describe, expect, test } from 'vitest';
import type { Mail } from '../plugins/mailer';
import { passwordChangedMail, resetCodeMail } from './auth/mail';
import { messageMail, missedCallMail } from './calls/mail';
import { emailChangedMail } from './account/mail';
import { lostScanMail } from './scans/mail';
import { invitationMail } from './products/mail';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';

/**
 * The server's e-mails are Portuguese the specification does not fix: each is rendered with the
 * same inputs and compared with the text kept in `__snapshots__/mails.txt`, so a typo or a lost
 * line fails here (a deliberate change is a reviewed diff: `npx vitest run --project unit -u`).
 */
const at = new Date('2026-03-02T15:04:00Z');
const user = { email: 'maria@exemplo.com.br', name: 'Maria Souza' };
const call = {
  tagName: 'Coleira do Rex',
  productId: 3,
  unitName: null,
  startedAt: at,
  latitude: -19.9245,
  longitude: -43.9352,
};

const render = (name: string, mail: Mail) => `── ${name}\nPara: ${mail.to}\nAssunto: ${mail.subject}\n\n${mail.text}\n`;

describe('the e-mails', () => {
  test('[AUTH-11] [AUTH-12] [ACC-01] [ACC-03] [CALL-07] [FIND-02] [FIND-13] [TAG-11] every e-mail reads as mails.txt says', async () => {
    const mails = [
      render('reset code', resetCodeMail(user, '482913', 'https://toque.app.br')),
      render('password changed', passwordChangedMail(user, 'changed', at)),
      render('password reset', passwordChangedMail(user, 'reset', at)),
      render('e-mail changed', emailChangedMail(user, 'maria.nova@exemplo.com.br')),
      render('missed call', missedCallMail(user.email, call)),
      render(
        'missed call, no location, a unit',
        missedCallMail(user.email, {
          ...call,
          productId: CONDOMINIUM_PRODUCT_ID,
          tagName: '',
          unitName: 'Apto 101',
          latitude: null,
          longitude: null,
        }),
      ),
      render('message', messageMail(user.email, { ...call, message: 'Achei seu cachorro na praça.' })),
      render(
        'message after a call, in a conversation (FIND-13)',
        messageMail(user.email, { ...call, message: 'Achei seu cachorro na praça.', conversationId: '00000000-0000-4000-8000-000000000000' }),
      ),
      render(
        'lost tag scanned, position shared',
        lostScanMail(
          user.email,
          { id: 1, tagCode: 'AB23CD45', tagName: 'Coleira do Rex', productId: 3, lost: true, latitude: -19.9245, longitude: -43.9352, locality: 'Belo Horizonte', scannedAt: at.toISOString() },
          'Coleira do Rex',
        ),
      ),
      render(
        'lost tag scanned',
        lostScanMail(
          user.email,
          { id: 2, tagCode: 'AB23CD45', tagName: '', productId: 3, lost: true, latitude: null, longitude: null, locality: null, scannedAt: at.toISOString() },
          'Pet',
        ),
      ),
      render(
        'tag invitation',
        invitationMail('amiga@exemplo.com.br', { ownerName: 'Maria Souza', tagName: 'Coleira do Rex', productId: 3 }, 'https://toque.app.br'),
      ),
    ];
    await expect(mails.join('\n')).toMatchFileSnapshot('./__snapshots__/mails.txt');
  });
});
