import { describe, expect, test } from 'vitest';
import { callUi } from './call-ui';
import { leaveMessageBody } from './calls';
import {
  doorWords,
  finderPlace,
  finderTextAt,
  type FinderLang,
  finderUnitName,
  placeWords,
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
    for (const [key, child] of Object.entries(value))
      for (const [k, v] of texts(child, `${path}.${key}`)) out.set(k, v);
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
    // Words that are the same in two languages ('Pet', 'Toque', 'Idioma', 'Objeto', 'Este Toque está perdido', 'Recompensa', 'Foto de …') are few.
    const same = (lang: 'en' | 'es') => [...texts(finderText[lang])].filter(([key, text]) => pt.get(key) === text);
    expect(same('en').map(([key]) => key)).toEqual([]);
    expect(same('es').map(([key]) => key)).toEqual(['.language', '.lostHeading', '.reward()', ".reward('')", '.photoAlt()', '.medical.allergies']);
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

  test("[CALL-14] [FIND-03] the owner's voice-only notice and the duration, in the finder's three languages", () => {
    expect([finderText['pt-BR'].ownerVoiceOnly, finderText.en.ownerVoiceOnly, finderText.es.ownerVoiceOnly]).toEqual([
      'O dono está só com voz',
      'The owner is on voice only',
      'El dueño está solo con voz',
    ]);
    expect([finderText['pt-BR'].duration, finderText.en.duration, finderText.es.duration]).toEqual([
      'Duração',
      'Duration',
      'Duración',
    ]);
    // The owner's own screen: the toggle and the duration's label.
    expect([callUi.owner.cameraOn, callUi.owner.cameraOff, callUi.owner.duration]).toEqual([
      'Ligar câmera',
      'Desligar câmera',
      'Duração',
    ]);
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
    expect(finderType(en, { product_id: 2, type: 'Campainha' })).toBe('a doorbell');
    expect(finderType(es, { product_id: 3, type: 'Pet' })).toBe('una placa para mascotas');
    expect(finderType(en, { product_id: 99, type: 'Desconhecido' })).toBe('Desconhecido');
  });
});

describe('words that fit the thing (FIND-05) and a next step (CALL-15)', () => {
  const { en, es } = finderText;
  const pt = finderText['pt-BR'];

  test('[FIND-05] a plate speaks of the building and its units, a doorbell of a home, in three languages', () => {
    expect(finderPlace({ product_id: 5, units: [] })).toBe('building');
    expect(finderPlace({ product_id: 2 })).toBe('home');
    expect(finderPlace({ product_id: 1 })).toBe('thing');
    expect(pt.plateHeading('Residencial Jacarandá')).toBe(
      'Você está na portaria do Residencial Jacarandá — escolha a unidade',
    );
    expect(placeWords(pt, 'building').call).toBe('Chamar a unidade');
    expect(placeWords(en, 'building').call).toBe('Call the unit');
    expect(placeWords(es, 'building').call).toBe('Llamar a la unidad');
    expect(en.plateHeading('Residencial Jacarandá')).toBe(
      "You're at the entrance of Residencial Jacarandá — choose the unit",
    );
    expect(es.plateHeading('Residencial Jacarandá')).toBe(
      'Estás en la portería de Residencial Jacarandá: elige la unidad',
    );
    expect(placeWords(pt, 'building').ringing('101')).toBe('Chamando a unidade 101... Aguarde, por favor.');
    expect(placeWords(pt, 'home').call).toBe('Tocar a campainha');
    expect(pt.homeHeading('Ana')).toBe('Você está na porta da casa de Ana');
    expect(en.homeHeading('Ana')).toBe("You're at Ana's door");
    // A thing's words are the owner's, as before.
    expect(placeWords(pt, 'thing').call).toBe(callUi.finder.call);
    // No place word speaks of "the owner" on a building or a home.
    for (const lang of finderLangs)
      for (const place of ['building', 'home'] as const) {
        const w = placeWords(finderText[lang], place);
        for (const text of [
          w.call,
          w.explain,
          w.explainVoice,
          w.ringing('101'),
          w.connected('101'),
          w.declined,
          w.leaveMessage,
        ])
          expect(text, `${lang} ${place}`).not.toMatch(/\b(dono|owner|dueño)\b/i);
      }
  });

  test('[FIND-05] natural English and Spanish, not a word-for-word gloss of the Portuguese', () => {
    expect(en.reached(finderType(en, { product_id: 1, type: 'Pulseira' }))).toBe('This Toque is a wristband.');
    expect(es.reached(finderType(es, { product_id: 4, type: 'Objeto' }))).toBe(
      'Este Toque es una etiqueta para objetos.',
    );
    for (const lang of [en, es]) expect(lang.reached(lang.productType(3))).not.toMatch(/of the type|del tipo/);
    expect(en.ownerIs('Ana')).toBe('Ana will answer.');
  });

  test('[FIND-05] a unit not named yet is never a Portuguese placeholder in English or Spanish', () => {
    const temporary = { name: callMsg.temporaryUnit, temporary: true };
    expect(finderUnitName(pt, temporary)).toBe(callMsg.temporaryUnit);
    expect(finderUnitName(en, temporary)).toBe('Unit not named yet');
    expect(finderUnitName(es, temporary)).toBe('Unidad sin nombre todavía');
    expect(finderUnitName(es, { name: '101' })).toBe('101');
  });

  test("[FIND-05] the header and footer of the finder page are translated; the Portuguese are the site's words", () => {
    expect(pt.site.privacy).toBe('Política de Privacidade');
    expect(en.site.privacy).toBe('Privacy policy (in Portuguese)');
    expect(es.site.skipToContent).toBe('Saltar al contenido');
  });

  test('[CALL-15] the countdown, the callback contact and its errors in three languages', () => {
    expect(pt.timeLeft(45)).toBe('Tocando por mais 45 segundos');
    expect(pt.timeLeft(1)).toBe('Tocando por mais 1 segundo');
    expect(en.timeLeft(1)).toBe('Ringing for 1 more second');
    expect(es.timeLeft(30)).toBe('Sonará 30 segundos más');
    expect(finderMessage(en, callMsg.callbackInvalid)).toBe(en.server.callbackInvalid);
    expect(finderMessage(es, callMsg.tagMessageNotAllowed)).toBe('Este Toque no recibe mensajes.');
  });
});

describe('[CONDO-19] a door speaks of its residents', () => {
  const ownerWord: Record<FinderLang, RegExp> = { 'pt-BR': /\bdon[oa]s?\b/i, en: /\bowners?\b/i, es: /\bdueñ[oa]s?\b/i };
  /** What a door never shows: placeWords gives it the unit's or the home's words instead (FIND-05). */
  const thingOnly = new Set(['call', 'explain', 'explainVoice', 'ringing', 'connected', 'declined']);
  const texts = (value: unknown, key: string): [string, string][] => {
    if (typeof value === 'string') return [[key, value]];
    if (typeof value === 'function') return [[key, String((value as (a: unknown) => unknown)('Maria'))]];
    if (value && typeof value === 'object')
      return Object.entries(value).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
    return [];
  };

  test.each(finderLangs)('[CONDO-19] %s: no text a visitor meets at a plate or a doorbell names an owner', (lang) => {
    for (const place of ['building', 'home'] as const) {
      const owned = texts(finderTextAt(lang, place), '').filter(
        ([key, text]) => !thingOnly.has(key) && ownerWord[lang].test(text),
      );
      expect(owned, `${lang} at a ${place}`).toEqual([]);
    }
    // Anything else (a pet's tag) keeps its owner.
    expect(finderTextAt(lang, 'thing')).toBe(finderText[lang]);
    expect(finderTextAt(lang, 'building').ownerVoiceOnly).toBe(doorWords[lang].ownerVoiceOnly);
  });

  test('[CONDO-19] the door says it in each language', () => {
    expect(finderLangs.map((lang) => finderTextAt(lang, 'building').ownerVoiceOnly)).toEqual([
      'O morador está só com voz',
      'The resident is on voice only',
      'El residente está solo con voz',
    ]);
    expect(finderTextAt('pt-BR', 'building').contactOptional).toBe(
      'Seu telefone com DDD ou e-mail (opcional), para o morador responder',
    );
    expect(finderTextAt('pt-BR', 'building').ended).not.toContain('Obrigado por ajudar');
  });
});
