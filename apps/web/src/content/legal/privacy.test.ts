import { describe, expect, it } from 'vitest';
import { accountUi, TERMS_VERSION } from '@toque/contracts/account';
import { CONVERSATION_KEEP_DAYS, CONVERSATION_LIFETIME_DAYS } from '@toque/contracts/conversations';
import { privacyPolicy } from './privacy';
import { termsOfUse } from './terms';

/** Every sentence of the policy, as the page shows them. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value ? Object.values(value).flatMap(strings) : [];
const text = strings(privacyPolicy).join('\n');
const months = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** "Última atualização: 28 de novembro de 2026" → "2026-11-28". */
function isoDate(updatedAt: string): string {
  const m = /(\d{1,2}) de (\p{L}+) de (\d{4})/u.exec(updatedAt);
  if (!m) throw new Error(`no date in ${updatedAt}`);
  const month = months.indexOf(m[2]!) + 1;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

describe('privacy policy', () => {
  it('[ACC-03] the version a sign-up accepts is the date of the newer of the two legal texts', () => {
    const newer = [isoDate(privacyPolicy.updatedAt), isoDate(termsOfUse.updatedAt)].sort().at(-1);
    expect(TERMS_VERSION).toBe(newer);
  });

  it('[LEG-01] [FIND-06] [ACC-03] names the conversation retention and the self-service buttons as the product has them', () => {
    expect(text).toContain(`depois de ${CONVERSATION_LIFETIME_DAYS} dias sem mensagens`);
    expect(text).toContain(`apagada ${CONVERSATION_KEEP_DAYS} dias depois`);
    expect(text).toContain(`"${accountUi.privacy.download}"`);
    expect(text).toContain(`"${accountUi.privacy.delete}"`);
  });

  it('[LEG-01] [CONDO-15] [CONDO-16] names how long a package photo (30 days), a delivery notice (184) and a visitor pass (30 after it ends) are kept', () => {
    expect(text).toContain(
      'A foto de um pacote é apagada 30 dias depois do aviso de entrega, e o aviso, 184 dias depois.',
    );
    expect(text).toContain('Um passe de visitante é apagado 30 dias depois de vencido ou revogado.');
  });

  it('[LEG-01] [FIND-09] [CONDO-15] [CONDO-16] [FIN-03] says what the later features collect: the photo without camera metadata, conversations, deliveries, passes, Pix', () => {
    for (const words of [
      'foto',
      'sem os metadados da câmera',
      'conversa',
      'avisos de entrega',
      'a foto do pacote',
      'passes de visitante',
      'Pix',
    ]) {
      expect(text).toContain(words);
    }
    // Cards are not how Toque is paid (Pix only): no promise about card digits.
    expect(text).not.toContain('cartão');
  });

  it('[LEG-01] [FIND-11] [FIND-12] [CONDO-18] names what issue 37 added: the medical card as health data, a recorded message kept with its conversation, the gate log for 184 days', () => {
    expect(text).toContain('dado pessoal sensível (art. 11 da LGPD)');
    expect(text).toContain('é apagada com a pulseira');
    expect(text).toContain('faz parte da conversa e é apagada com ela');
    expect(text).toContain('registro do prédio, que o síndico vê, e é apagada 184 dias depois.');
  });

  it('[LEG-02] [FIN-05] the terms say what an overdue tag does: lost mode still rings, otherwise information and messages, never a word about money to the finder', () => {
    const terms = strings(termsOfUse).join('\n');
    expect(terms).toContain('atraso há mais de 30 (trinta) dias');
    expect(terms).toContain('marcado como perdido continua recebendo chamadas');
    expect(terms).toContain('aceitando mensagens para o Cliente, sem mencionar o atraso');
    expect(terms).toContain('o serviço é reativado no mesmo momento');
  });
});
