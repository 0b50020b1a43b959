import { describe, expect, test } from 'vitest';
import { auditSentence } from './audit-words';

const base = {
  actor_name: 'Ana Lúcia Prado',
  actor_email: 'ana@toque.app.br',
  target_owner_name: 'Carlos Souza',
  before: null,
};

describe('auditSentence', () => {
  test('[ADM-10] each action reads as a sentence: who (first name, admin), what, whose, and why', () => {
    const cases: [Parameters<typeof auditSentence>[0], string][] = [
      [
        { ...base, action: 'tag.status', target: 'tag:X7HRZEX3', after: { is_active: false, reason: 'Denúncia' } },
        'Ana (admin) desativou o Toque X7HRZEX3 de Carlos Souza — motivo: Denúncia',
      ],
      [
        { ...base, action: 'tag.status', target: 'tag:X7HRZEX3', after: { is_active: false } },
        'Ana (admin) desativou o Toque X7HRZEX3 de Carlos Souza',
      ],
      [
        { ...base, action: 'tag.status', target: 'tag:X7HRZEX3', after: { is_active: true } },
        'Ana (admin) ativou o Toque X7HRZEX3 de Carlos Souza',
      ],
      [
        { ...base, target_owner_name: null, action: 'tag.release', target: 'tag:X7HRZEX3', after: { ownerId: null } },
        'Ana (admin) liberou o Toque X7HRZEX3',
      ],
      [
        { ...base, action: 'tag.transfer', target: 'tag:X7HRZEX3', after: {} },
        'Ana (admin) transferiu o Toque X7HRZEX3 de Carlos Souza',
      ],
      [{ ...base, action: 'user.block', target: 'user:1f0e', after: {} }, 'Ana (admin) bloqueou a conta Carlos Souza'],
      [
        { ...base, action: 'user.unblock', target: 'user:1f0e', after: {} },
        'Ana (admin) desbloqueou a conta Carlos Souza',
      ],
      [{ ...base, action: 'export.excel', target: 'export', after: {} }, 'Ana (admin) exportou a planilha de clientes'],
      [
        { ...base, action: 'batch.mint', target: 'batch:12', after: {} },
        'Ana (admin) gerou um lote de códigos (lote 12)',
      ],
      [
        { ...base, action: 'condominium.create', target: 'condominium:3', after: { name: 'Edifício Aurora' } },
        'Ana (admin) ativou o condomínio Edifício Aurora',
      ],
      [
        { ...base, actor_name: null, actor_email: null, action: 'resident.remove', target: 'unit:9', after: {} },
        'O sistema removeu um morador da unidade nº 9',
      ],
    ];
    for (const [entry, sentence] of cases) expect(auditSentence(entry)).toBe(sentence);
  });

  test('[ADM-10] a building and a unit read by their names, never as "condominium:2" or "unit:9"', () => {
    const named = { target_condominium_name: 'Edifício Aurora', target_unit_name: 'Bloco B 101' };
    const cases: [Parameters<typeof auditSentence>[0], string][] = [
      [
        { ...base, ...named, action: 'units.bulk_create', target: 'condominium:2', after: { units: 4 } },
        'Ana criou 4 unidades de uma vez no condomínio Edifício Aurora',
      ],
      [
        { ...base, ...named, action: 'plate.position', target: 'condominium:2', after: { latitude: -19.9, longitude: -43.9, radiusM: 150, required: true } },
        'Ana posicionou a placa do condomínio Edifício Aurora, raio de 150 m, posição do visitante exigida',
      ],
      [
        { ...base, ...named, action: 'plate.position', target: 'condominium:2', after: { latitude: null } },
        'Ana retirou a posição da placa do condomínio Edifício Aurora',
      ],
      [
        { ...base, ...named, action: 'unit.create', target: 'unit:9', after: { name: '101' } },
        'Ana (admin) criou a unidade Bloco B 101 do condomínio Edifício Aurora',
      ],
      [
        { ...base, ...named, action: 'resident.remove', target: 'unit:9', after: {} },
        'Ana (admin) removeu um morador da unidade Bloco B 101 do condomínio Edifício Aurora',
      ],
      // A building deleted since: by its number, still in words.
      [
        { ...base, action: 'units.bulk_create', target: 'condominium:2', after: { units: 1 } },
        'Ana criou 1 unidade de uma vez no condomínio nº 2',
      ],
      [{ ...base, action: 'some.future', target: 'thing:7', after: {} }, 'Ana (admin): some.future'],
    ];
    for (const [entry, sentence] of cases) {
      expect(auditSentence(entry)).toBe(sentence);
      expect(auditSentence(entry)).not.toMatch(/\(\w+:\d+\)|condominium:|unit:/);
    }
  });
});
