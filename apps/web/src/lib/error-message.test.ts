import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageForStatus } from './error-message';

const tooMany = 'Muitas tentativas. Tente novamente em 2 minutos.';
const busy = 'Servidor ocupado no momento. Tente novamente em alguns segundos.';

describe('messageForStatus', () => {
  it("[ACC-04] a 429's or 503's own message comes before the status map and the form's failure text", () => {
    const byStatus = { 409: 'Usuário já cadastrado.', 429: 'mapeado', 503: 'mapeado' };
    expect(
      messageForStatus(new ApiError(429, tooMany, 120), byStatus, 'Falha no login. Verifique suas credenciais.'),
    ).toBe(tooMany);
    expect(messageForStatus(new ApiError(503, busy, 2), {}, 'Erro ao cadastrar. Tente novamente.')).toBe(busy);
  });

  it('[API-03] other failures show the catalogue text for their status, else the fallback — never raw server text', () => {
    const byStatus = { 409: 'Usuário já cadastrado.' };
    expect(
      messageForStatus(new ApiError(409, 'texto do servidor'), byStatus, 'Erro ao cadastrar. Tente novamente.'),
    ).toBe('Usuário já cadastrado.');
    expect(
      messageForStatus(
        new ApiError(401, 'E-mail ou senha incorretos.'),
        {},
        'Falha no login. Verifique suas credenciais.',
      ),
    ).toBe('Falha no login. Verifique suas credenciais.');
    expect(messageForStatus(new Error('boom'), byStatus, 'Erro ao cadastrar. Tente novamente.')).toBe(
      'Erro ao cadastrar. Tente novamente.',
    );
  });
});
