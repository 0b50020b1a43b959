import { z } from 'zod';

/**
 * FIND-11 (docs/decisions/0055): a wristband's medical card — conditions, allergies, medication,
 * blood type, a health plan's name and a note for paramedics, each shown to the finder only when
 * its own switch is on — and the "needs care" mark that puts the emergency numbers first on the
 * finder's page. Health data is sensitive (LGPD art. 11): only the owner reads and changes it; the
 * finder reads the fields switched on, nothing else.
 */

/** The blood types the form offers; nothing else is stored (a check constraint in the database too). */
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];

/** How long each text may be. */
export const MEDICAL_TEXT_MAX = 300;
export const HEALTH_PLAN_MAX = 80;
export const PARAMEDIC_NOTE_MAX = 500;

/** The emergency numbers of Brazil the finder's page links to (`tel:`): SAMU and the fire brigade. */
export const EMERGENCY_NUMBERS = { samu: '192', bombeiros: '193' } as const;

export const medicalMsg = {
  conditionsTooLong: `As condições de saúde podem ter no máximo ${MEDICAL_TEXT_MAX} caracteres.`,
  allergiesTooLong: `As alergias podem ter no máximo ${MEDICAL_TEXT_MAX} caracteres.`,
  medicationTooLong: `Os medicamentos podem ter no máximo ${MEDICAL_TEXT_MAX} caracteres.`,
  healthPlanTooLong: `O nome do plano de saúde pode ter no máximo ${HEALTH_PLAN_MAX} caracteres.`,
  paramedicNoteTooLong: `O recado para o socorro pode ter no máximo ${PARAMEDIC_NOTE_MAX} caracteres.`,
  bloodTypeInvalid: 'Escolha um tipo sanguíneo da lista.',
  onlyWristband: 'Só pulseiras têm ficha médica.',
  onlyOwner: 'Só o dono da pulseira pode ver e mudar a ficha médica.',
} as const;

/** FIND-11: the owner's edit page (Portuguese only: the owner's side). */
export const medicalCardUi = {
  heading: 'Ficha médica de emergência',
  intro:
    'Para quem encontrar a pessoa que usa esta pulseira. Dados de saúde são sensíveis: cada campo só aparece na página de quem encontrar se você ligar o seu botão.',
  needsCare: 'Esta pessoa precisa de cuidados',
  needsCareHint:
    'A página de quem encontrar mostra primeiro os telefones de emergência: 192 (SAMU) e 193 (Bombeiros).',
  conditions: 'Condições de saúde',
  conditionsHint: 'Ex.: diabetes tipo 1, epilepsia, Alzheimer, autismo.',
  allergies: 'Alergias',
  medication: 'Medicamentos em uso',
  bloodType: 'Tipo sanguíneo',
  bloodTypeNone: 'Não informar',
  healthPlan: 'Plano de saúde',
  paramedicNote: 'Recado para o socorro',
  paramedicNoteHint: 'O que a equipe de socorro precisa saber primeiro.',
  show: 'Mostrar para quem encontrar',
  save: 'Salvar ficha médica',
  saved: 'Ficha médica salva.',
  loading: 'Carregando...',
  loadFailure: 'Não foi possível carregar a ficha médica.',
  failurePrefix: 'Falha ao salvar a ficha médica: ',
} as const;

const text = (max: number, message: string) => z.string().trim().max(max, message);

/** PUT /products/:code/medical-card — the whole card (a field left empty is no information). */
export const medicalCardBody = z.object({
  needsCare: z.boolean(),
  conditions: text(MEDICAL_TEXT_MAX, medicalMsg.conditionsTooLong),
  showConditions: z.boolean(),
  allergies: text(MEDICAL_TEXT_MAX, medicalMsg.allergiesTooLong),
  showAllergies: z.boolean(),
  medication: text(MEDICAL_TEXT_MAX, medicalMsg.medicationTooLong),
  showMedication: z.boolean(),
  bloodType: z.enum(BLOOD_TYPES, { error: medicalMsg.bloodTypeInvalid }).nullable(),
  showBloodType: z.boolean(),
  healthPlan: text(HEALTH_PLAN_MAX, medicalMsg.healthPlanTooLong),
  showHealthPlan: z.boolean(),
  paramedicNote: text(PARAMEDIC_NOTE_MAX, medicalMsg.paramedicNoteTooLong),
  showParamedicNote: z.boolean(),
});
export type MedicalCardBody = z.infer<typeof medicalCardBody>;

/** GET and PUT answer the card as stored (a wristband without one: everything empty and off). */
export const medicalCard = medicalCardBody.extend({
  bloodType: z.enum(BLOOD_TYPES).nullable(),
  /** When it was last saved; null: never. */
  updatedAt: z.string().nullable(),
});
export type MedicalCard = z.infer<typeof medicalCard>;

/** The card of a wristband that has none yet. */
export const emptyMedicalCard: MedicalCardBody = {
  needsCare: false,
  conditions: '',
  showConditions: false,
  allergies: '',
  showAllergies: false,
  medication: '',
  showMedication: false,
  bloodType: null,
  showBloodType: false,
  healthPlan: '',
  showHealthPlan: false,
  paramedicNote: '',
  showParamedicNote: false,
};

/** What the finder's page receives: only the fields switched on and not blank (CALL-02's public view). */
export const publicMedicalCard = z.object({
  conditions: z.string().optional(),
  allergies: z.string().optional(),
  medication: z.string().optional(),
  blood_type: z.enum(BLOOD_TYPES).optional(),
  health_plan: z.string().optional(),
  paramedic_note: z.string().optional(),
});
export type PublicMedicalCard = z.infer<typeof publicMedicalCard>;

export const medicalCardApi = {
  card: (code: string) => `/products/${encodeURIComponent(code)}/medical-card`,
} as const;
