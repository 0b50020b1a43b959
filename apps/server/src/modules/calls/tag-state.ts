import type { PublicTagState } from '@toque/contracts/calls';
import { planStatus } from '@toque/contracts/billing';
import { callMsg } from '@toque/contracts/messages';
import { doorWords, finderPlace } from '@toque/contracts/finder-text';
import type { Tag } from '../../db/repositories/tags';

/**
 * ADM-06 / CALL-01: what the finder's page shows instead of a call button. FIN-05
 * (docs/decisions/0040): a plan more than 30 days overdue suspends the tag — it takes messages,
 * not calls — except in lost mode, when the owner must be reached whatever the plan says.
 */
export function tagState(
  tag: Pick<Tag, 'ownerId' | 'isActive' | 'disabledAt' | 'planDueAt' | 'lostMessage'>,
  now: Date = new Date(),
): PublicTagState {
  if (tag.disabledAt) return 'disabled';
  if (!tag.isActive) return 'inactive';
  if (!tag.ownerId) return 'unclaimed';
  if (tag.lostMessage === null && tag.planDueAt && planStatus(tag.planDueAt, now) === 'suspenso') return 'suspended';
  return 'active';
}

const notCallable: Record<Exclude<PublicTagState, 'active'>, string> = {
  unclaimed: callMsg.unclaimed,
  inactive: callMsg.inactive,
  disabled: callMsg.disabled,
  suspended: callMsg.suspended,
};

/**
 * Why a tag cannot be called, in the words of its place: at a door (a plate, a doorbell) an unclaimed
 * or suspended tag speaks as the door's words do (CONDO-19: the residents, never 'o dono').
 */
export function notCallableMessage(tag: Pick<Tag, 'productId'>, state: Exclude<PublicTagState, 'active'>): string {
  if ((state === 'unclaimed' || state === 'suspended') && finderPlace({ product_id: tag.productId }) !== 'thing') {
    return doorWords['pt-BR'].server[state];
  }
  return notCallable[state];
}
