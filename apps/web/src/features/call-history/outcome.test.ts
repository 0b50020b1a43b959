import { describe, expect, it } from 'vitest';
import { callUi } from '@toque/contracts/call-ui';
import { mapLink, outcomeOf } from './outcome';

describe('call history outcome (CALL-11)', () => {
  it('[CALL-11] an answered call stays answered after it ended; the others say what happened', () => {
    expect(outcomeOf({ status: 'ended', answered_at: '2026-01-01T10:00:00.000Z' })).toBe(
      callUi.history.status.answered,
    );
    expect(outcomeOf({ status: 'answered', answered_at: '2026-01-01T10:00:00.000Z' })).toBe(
      callUi.history.status.answered,
    );
    expect(outcomeOf({ status: 'missed', answered_at: null })).toBe(callUi.history.status.missed);
    expect(outcomeOf({ status: 'declined', answered_at: null })).toBe(callUi.history.status.declined);
    expect(outcomeOf({ status: 'ended', answered_at: null })).toBe(callUi.history.status.ended);
  });

  it('[CALL-15] a message left on a switched-off tag is a message, not an unanswered call', () => {
    expect(outcomeOf({ status: 'ended', answered_at: null, kind: 'message' })).toBe(callUi.history.messageOnly);
    expect(outcomeOf({ status: 'ended', answered_at: null, kind: 'call' })).toBe(callUi.history.status.ended);
  });

  it('[CALL-11] the map link marks the place', () => {
    expect(mapLink(-19.92, -43.94)).toBe('https://www.openstreetmap.org/?mlat=-19.92&mlon=-43.94#map=16/-19.92/-43.94');
  });
});

describe('words of an unanswered call (CALL-17)', () => {
  it("[CALL-17] a missed call reads 'Não atendida' — never 'Perdida' in a product about lost things — in the history, the owner's card and the mail", async () => {
    const { callMsg } = await import('@toque/contracts/messages');
    expect(outcomeOf({ status: 'missed', answered_at: null })).toBe('Não atendida');
    expect(outcomeOf({ status: 'ended', answered_at: null })).toBe('Encerrada antes de atender');
    expect(callUi.owner.cancelled.missed).toBe('Chamada não atendida: ninguém atendeu a tempo.');
    expect(callMsg.missedSubject).toBe('Chamada não atendida');
    const words = JSON.stringify([callUi, callMsg]);
    expect(words).not.toMatch(/[Pp]erdida/);
  });
});
