import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { AuditEntry } from '@toque/contracts/admin';
import { auditSentence } from '@toque/contracts/audit-words';
import { AuditEntryItem } from './audit-log';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor_id: 'a',
  actor_email: 'ana@toque.app.br',
  actor_name: 'Ana Lúcia Prado',
  target_owner_name: null,
  target_unit_name: null,
  target_condominium_name: null,
  action: 'tag.status',
  target: 'tag:X7HRZEX3',
  before: null,
  after: {},
  created_at: '2026-11-29T15:04:05Z',
  ...over,
});

describe('an audit entry on the admin screen', () => {
  it('[ADM-10] a reason that ends in a full stop is not followed by a stray comma: the time is on its own line', () => {
    const reason = 'Denúncia de uso por terceiros.';
    const e = entry({ target_owner_name: 'Carlos Souza', after: { is_active: false, reason } });
    render(
      <ul>
        <AuditEntryItem entry={e} />
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).not.toContain('.,');
    expect(screen.getByText(auditSentence(e)).textContent).toMatch(/terceiros\.$/);
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe(e.created_at);
  });

  it('[ADM-10] a building reads by its name, never "(condominium:2)"', () => {
    render(
      <ul>
        <AuditEntryItem
          entry={entry({
            action: 'units.bulk_create',
            target: 'condominium:2',
            target_condominium_name: 'Edifício Aurora',
            after: { units: 3 },
          })}
        />
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('Ana criou 3 unidades de uma vez no condomínio Edifício Aurora');
    expect(item.textContent).not.toContain('condominium:');
  });
});
