import { CONDOMINIUM_PRODUCT_ID, WRISTBAND_PRODUCT_ID } from '@toque/contracts/constants';
import { BLOOD_TYPES, type BloodType, type PublicMedicalCard } from '@toque/contracts/medical-card';
import { firstName } from '@toque/contracts/names';
import type { Tag } from '../db/repositories/tags';

/** The tag's columns that decide what its finder may read: its kind and the switches of FIND-09. */
export type FinderFacingTag = Pick<
  Tag,
  'productId' | 'showOwnerName' | 'showInfoToFinder' | 'importantInfo' | 'showPhoto' | 'showReward' | 'showCity' | 'lostCity'
>;

export interface FinderView {
  /**
   * A person of the tag (its owner, a member who answers) as the finder may read them: the first
   * name, or '' — the finder's page then signs neutrally in the finder's language ("o dono").
   */
  person(fullName: string | null | undefined): string;
  /** The important information, when switched on and not blank. */
  importantInfo: string | null;
  photo: boolean;
  reward: boolean;
  /** The city where it was lost (lost mode), when switched on. */
  city: string | null;
}

/**
 * SEC-10 / FIND-09: the one decision of what a finder may see of a tag's people and switched
 * fields. Every path toward a finder — the public view (and so the server-rendered page and its
 * seed), the conversation's start, thread, answers and socket events — asks this, never the
 * columns: a field switched off never leaves the server.
 *
 * - The name switch covers everyone who answers for the tag (owner and members): with it off the
 *   owner chose not to be named, and a member's name would name the household just the same.
 * - A condominium plate names nobody (CONDO-10, CALL-02: the finder meets the building and its
 *   units) and shows no photo.
 */
export function finderView(tag: FinderFacingTag): FinderView {
  const plate = tag.productId === CONDOMINIUM_PRODUCT_ID;
  const named = tag.showOwnerName && !plate;
  return {
    person: (fullName) => (named ? firstName(fullName) : ''),
    importantInfo: tag.showInfoToFinder && tag.importantInfo.trim() ? tag.importantInfo : null,
    photo: tag.showPhoto && !plate,
    reward: tag.showReward,
    city: tag.showCity ? tag.lostCity : null,
  };
}

/** What a finder sees of a tag that cannot be found any more (or of a unit's residents): nobody. */
export const nobodyNamed: Pick<FinderView, 'person'> = { person: () => '' };

/** A medical card's fields and their switches, as stored (FIND-11). */
interface MedicalCardFields {
  needsCare: boolean;
  conditions: string;
  showConditions: boolean;
  allergies: string;
  showAllergies: boolean;
  medication: string;
  showMedication: boolean;
  bloodType: string | null;
  showBloodType: boolean;
  healthPlan: string;
  showHealthPlan: boolean;
  paramedicNote: string;
  showParamedicNote: boolean;
}

const shown = (on: boolean, text: string | null) => (on && text && text.trim() ? text : undefined);

/**
 * FIND-11 / SEC-10: what a finder may read of a wristband's medical card — only a wristband's, only
 * the fields switched on and not blank (the rest never leaves the server), and whether the owner
 * marked the person as needing care. Anything but a wristband has no card.
 */
export function finderMedical(
  productId: number,
  card: MedicalCardFields | undefined,
): { needsCare: boolean; medical: PublicMedicalCard | null } {
  if (productId !== WRISTBAND_PRODUCT_ID || !card) return { needsCare: false, medical: null };
  const fields: PublicMedicalCard = {
    conditions: shown(card.showConditions, card.conditions),
    allergies: shown(card.showAllergies, card.allergies),
    medication: shown(card.showMedication, card.medication),
    blood_type: card.showBloodType && isBloodType(card.bloodType) ? card.bloodType : undefined,
    health_plan: shown(card.showHealthPlan, card.healthPlan),
    paramedic_note: shown(card.showParamedicNote, card.paramedicNote),
  };
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as PublicMedicalCard;
  return { needsCare: card.needsCare, medical: Object.keys(present).length ? present : null };
}

const isBloodType = (value: string | null): value is BloodType => (BLOOD_TYPES as readonly (string | null)[]).includes(value);
