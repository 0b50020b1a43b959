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
        'O sistema removeu um morador (unit:9)',
      ],
    ];
    for (const [entry, sentence] of cases) expect(auditSentence(entry)).toBe(sentence);
  });
});
