import { useId, useState, type FormEvent } from 'react';
import { condoUi } from '@toque/contracts/admin-ui';
import { MEMBERS_PER_UNIT } from '@toque/contracts/constants';
import type { Unit } from '@toque/contracts/condominium';
import { msg } from '@toque/contracts/messages';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useCancelUnitInvitation, useInviteResident } from '../api/unit-invitations';

const t = condoUi.manage.invite;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * CONDO-14: the síndico adds a resident by e-mail — someone with an account joins at once, anyone
 * else gets an invitation; pending invitations are listed, count toward the 3 and can be revoked.
 */
export function UnitInvite({ condoCode, unit, name }: { condoCode: string; unit: Unit; name: string }) {
  const invite = useInviteResident(condoCode);
  const cancel = useCancelUnitInvitation(condoCode);
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const taken = unit.residents.length + unit.invitations.length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setError(msg.emailInvalid);
      return;
    }
    setError(null);
    try {
      notify.success((await invite.mutateAsync({ unitId: unit.unit_id, email: value })).message);
      setEmail('');
    } catch (failure) {
      setError(t.failure + (failure instanceof Error ? failure.message : String(failure)));
    }
  };

  const revoke = async (invitationId: number) => {
    try {
      notify.success((await cancel.mutateAsync(invitationId)).message);
    } catch (failure) {
      notify.error(t.failure + (failure instanceof Error ? failure.message : String(failure)));
    }
  };

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      {unit.invitations.length > 0 ? (
        <div className="space-y-1">
          <p className="text-sm font-semibold text-slate-900">{t.pending}</p>
          <p className="text-xs text-slate-700">{t.pendingHint}</p>
          <ul className="space-y-1">
            {unit.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="break-all text-slate-800">{invitation.email}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t.cancelLabel(invitation.email)}
                  busy={cancel.isPending && cancel.variables === invitation.id}
                  onClick={() => void revoke(invitation.id)}
                >
                  {t.cancel}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {taken < MEMBERS_PER_UNIT ? (
        <form noValidate className="flex flex-wrap items-end gap-2" onSubmit={(event) => void onSubmit(event)}>
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className="block text-sm font-medium text-slate-900">
              {t.label(name)}
            </label>
            <input
              id={id}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setEmail(event.target.value)}
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
            />
          </div>
          <Button type="submit" variant="secondary" size="sm" busy={invite.isPending}>
            {t.submit}
          </Button>
          {error ? (
            <p id={`${id}-error`} role="alert" className="w-full text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="text-sm text-slate-700">{t.full}</p>
      )}
    </div>
  );
}
