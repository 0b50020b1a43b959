import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MEMBERS_PER_TAG } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { addMemberBody, type Invitation } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { useAddMember } from '../api/add-member';
import { useMembers, type Member } from '../api/list-members';
import { useInvitations } from '../api/list-invitations';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useRemoveMember } from '../api/remove-member';
import { tagCopy } from '../copy';
import { brasiliaDate } from '@toque/contracts/time-format';

const shareForm = addMemberBody.pick({ email: true });
type Values = z.input<typeof shareForm>;
type Parsed = z.output<typeof shareForm>;

const labels = dashboardUi.sharing;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function MemberRow({ code, member, onFailure }: { code: string; member: Member; onFailure: (text: string) => void }) {
  const remove = useRemoveMember(code);
  const onRemove = async () => {
    try {
      await remove.mutateAsync({ code, userId: member.user_id });
      notify.success(dashboardUi.toasts.memberRemoved);
    } catch (error) {
      onFailure(msg.removeMemberFailurePrefix + errorText(error));
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{member.first_name}</p>
        <p className="truncate text-sm text-slate-700">{member.email}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="hover:bg-red-50"
        busy={remove.isPending}
        aria-label={tagCopy.removeMemberLabel(member.first_name)}
        onClick={() => void onRemove()}
      >
        <span className="text-red-800">{labels.remove}</span>
      </Button>
    </li>
  );
}

/** TAG-11: a pending invitation, which the owner may cancel. */
function InvitationRow({ code, invitation, onFailure }: { code: string; invitation: Invitation; onFailure: (text: string) => void }) {
  const cancel = useCancelInvitation(code);
  const onCancel = async () => {
    try {
      await cancel.mutateAsync({ code, id: invitation.id });
      notify.success(dashboardUi.toasts.invitationCancelled);
    } catch (error) {
      onFailure(errorText(error));
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-700">{labels.invitationSentOn(brasiliaDate.format(new Date(invitation.created_at)))}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="hover:bg-red-50"
        busy={cancel.isPending}
        aria-label={labels.cancelInvitationLabel(invitation.email)}
        onClick={() => void onCancel()}
      >
        <span className="text-red-800">{labels.cancelInvitation}</span>
      </Button>
    </li>
  );
}

/**
 * TAG-09: the owner shares the tag with up to 3 accounts by e-mail, and removes them. TAG-11: an
 * e-mail with no account gets an invitation, listed here (it holds a place) until it is accepted
 * at sign-up or cancelled.
 */
export function ShareTag({ code }: { code: string }) {
  const members = useMembers(code, { enabled: true });
  const invitations = useInvitations(code);
  const add = useAddMember(code);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(shareForm), defaultValues: { email: '' } });

  const list = members.data ?? [];
  const pending = invitations.data ?? [];
  const full = list.length + pending.length >= MEMBERS_PER_TAG;

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const result = await add.mutateAsync({ code, email });
      reset();
      notify.success(result.kind === 'invitation' ? dashboardUi.toasts.invited : dashboardUi.toasts.shared);
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{tagCopy.sharingIntro}</p>
      {members.isPending ? (
        <p role="status" className="text-slate-700">
          {msg.tagsLoading}
        </p>
      ) : members.isError ? (
        <p role="alert" className="text-red-800">{`Erro: ${members.error.message}`}</p>
      ) : (
        <>
          <p className="text-sm font-semibold text-slate-800">{tagCopy.sharingCount(list.length + pending.length, MEMBERS_PER_TAG)}</p>
          {list.length === 0 && pending.length === 0 ? (
            <p className="text-slate-700">{tagCopy.sharingEmpty}</p>
          ) : list.length === 0 ? null : (
            <ul className="divide-y divide-slate-200">
              {list.map((member) => (
                <MemberRow key={member.user_id} code={code} member={member} onFailure={setFailure} />
              ))}
            </ul>
          )}
          {pending.length > 0 ? (
            <section aria-labelledby={`invitations-${code}`}>
              <h3 id={`invitations-${code}`} className="text-sm font-semibold text-slate-800">
                {labels.invitationsHeading}
              </h3>
              <ul className="divide-y divide-slate-200">
                {pending.map((invitation) => (
                  <InvitationRow key={invitation.id} code={code} invitation={invitation} onFailure={setFailure} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
        <fieldset disabled={full || members.isPending} className="space-y-3">
          <TextField
            label={labels.email}
            type="email"
            autoComplete="off"
            hint={full ? tagCopy.sharingFull : undefined}
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" variant="secondary" busy={isSubmitting}>
            {labels.add}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
