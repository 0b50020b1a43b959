import { describe, expect, test } from 'vitest';
import { callUi } from './call-ui';
import { leaveMessageBody } from './calls';
import {
  FINDER_LANG_COOKIE,
  finderLangFromCookie,
  finderLangs,
  finderMessage,
  finderText,
  finderType,
  pickFinderLang,
  type FinderText,
} from './finder-text';
import { callMsg, tooManyAttemptsMessage } from './messages';

/** Every text of a dictionary as `path = text`, functions called with sample arguments. */
function texts(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const samples: unknown[] = fn.length === 0 ? [] : [typeof fn(3) === 'string' ? 3 : 'Maria'];
    for (const [k, v] of texts(fn(...samples), `${path}()`)) out.set(k, v);
    if (fn.length === 1) for (const [k, v] of texts(fn(''), `${path}('')`)) out.set(k, v);
  } else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) for (const [k, v] of texts(child, `${path}.${key}`)) out.set(k, v);
  return out;
}

describe('the finder in three languages (FIND-03)', () => {
  const pt = texts(finderText['pt-BR']);

  test('[FIND-03] every text of the finder exists in pt-BR, en and es, none empty, the foreign ones translated', () => {
    expect(pt.size).toBeGreaterThan(50);
    for (const lang of finderLangs) {
      const dictionary = texts(finderText[lang]);
      expect([...dictionary.keys()].sort(), lang).toEqual([...pt.keys()].sort());
      for (const [key, text] of dictionary) expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
    // Words that are the same in two languages ('Pet', 'Toque', 'Idioma', 'Objeto', 'Este Toque está perdido', 'Recompensa') are few.
    const same = (lang: 'en' | 'es') => [...texts(finderText[lang])].filter(([key, text]) => pt.get(key) === text);
    expect(same('en').map(([key]) => key)).toEqual(['.productType()']);
    expect(same('es').map(([key]) => key)).toEqual(['.language', '.lostHeading', ".reward()", ".reward('')"]);
  });

  test('[FIND-03] the Portuguese texts are the catalogue constants, unchanged', () => {
    const t: FinderText = finderText['pt-BR'];
    for (const [key, text] of Object.entries(callUi.finder))
      if (typeof text === 'string') expect(t[key as keyof FinderText], key).toBe(text);
    expect(t.ringing('Ana')).toBe(callUi.finder.ringing('Ana'));
    expect(t.server.tagNotFound).toBe(callMsg.tagNotFound);
    expect(t.tooManyAttempts(120)).toBe(tooManyAttemptsMessage(120));
    // The message form's own checks are the schema's.
    expect(leaveMessageBody.shape.message.safeParse('  ').error?.issues[0]?.message).toBe(t.server.messageEmpty);
    expect(leaveMessageBody.shape.message.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      t.server.messageTooLong,
    );
  });

  test.each([
    ['en-US,en;q=0.9', 'en'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['es-AR', 'es'],
    ['pt-PT', 'pt-BR'],
    ['fr-FR,fr;q=0.9,en;q=0.5,es;q=0.7', 'es'],
    ['de-DE', 'pt-BR'],
    ['en;q=0, es;q=0.2', 'es'],
    ['', 'pt-BR'],
    [undefined, 'pt-BR'],
    [['en-GB', 'pt-BR'], 'en'],
  ] as const)('[FIND-03] Accept-Language %j picks %s', (header, lang) => {
    expect(pickFinderLang(header)).toBe(lang);
  });

  test('[FIND-03] the switch cookie is read only when it names a language', () => {
    expect(finderLangFromCookie(`a=1; ${FINDER_LANG_COOKIE}=es; b=2`)).toBe('es');
    expect(finderLangFromCookie(`${FINDER_LANG_COOKIE}=pt-BR`)).toBe('pt-BR');
    expect(finderLangFromCookie(`${FINDER_LANG_COOKIE}=fr`)).toBeUndefined();
    expect(finderLangFromCookie('')).toBeUndefined();
    expect(finderLangFromCookie(undefined)).toBeUndefined();
  });

  test("[FIND-03] the server's Portuguese answers are shown in the finder's language; unknown ones as they came", () => {
    const { en, es } = finderText;
    expect(finderMessage(en, callMsg.tagNotFound)).toBe('Toque not found.');
    expect(finderMessage(es, callMsg.unitEmpty)).toBe(es.server.unitEmpty);
    expect(finderMessage(en, tooManyAttemptsMessage(120), { status: 429, retryAfterS: 120 })).toBe(
      'Too many attempts. Try again in 2 minutes.',
    );
    expect(finderMessage(es, tooManyAttemptsMessage(60), { status: 429, retryAfterS: 60 })).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 1 minuto.',
    );
    expect(finderMessage(en, 'Algo novo.')).toBe('Algo novo.');
    expect(finderType(en, { product_id: 2, type: 'Campainha' })).toBe('Doorbell');
    expect(finderType(es, { product_id: 3, type: 'Pet' })).toBe('Mascota');
    expect(finderType(en, { product_id: 99, type: 'Desconhecido' })).toBe('Desconhecido');
  });
});
