import { z } from 'zod';
import { CPF_MIN, PASSWORD_MIN, PHONE_MIN, ACCOUNT_NAME_MAX, PRODUCT_IDS } from './constants';
import { msg } from './messages';
import { cpfDigits, isValidCpfOrCnpj } from './cpf';
import { acceptTermsField, termsVersionField } from './account';

/**
 * One schema per request body. The server validates with the base shapes; the forms
 * use the `*Form` variants, which add the form-only fields (confirmation) and exact messages.
 */
const email = (message: string) => z.string().trim().toLowerCase().email(message).max(254);

export const loginBody = z.object({
  email: z.string().trim().min(1, msg.required).max(254),
  password: z.string().min(1, msg.required).max(200),
  platform: z.literal('web').or(z.string().max(20)).default('web'),
  token: z.string().max(4000).default(''),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginForm = z.object({
  email: z.string().trim().min(1, msg.required),
  password: z.string().min(1, msg.required),
});
export type LoginForm = z.infer<typeof loginForm>;

export const tokenResponse = z.object({ data: z.object({ token: z.string() }) });

const accountFields = {
  name: z.string().trim().min(1, msg.required).max(ACCOUNT_NAME_MAX, msg.nameMax),
  phone: z.string().trim().min(PHONE_MIN, msg.phoneInvalid).max(30, msg.phoneInvalid),
  // ADM-08: at least 11 characters (the specification's rule), valid check digits, stored as digits.
  cpfOrCnpj: z
    .string()
    .trim()
    .min(CPF_MIN, msg.cpfInvalid)
    .max(20, msg.cpfInvalid)
    .refine(isValidCpfOrCnpj, msg.cpfInvalid)
    .transform(cpfDigits),
  password: z.string().min(PASSWORD_MIN, msg.passwordMin).max(200),
};

export const registerBody = z.object({
  ...accountFields,
  email: email(msg.emailInvalidRegister),
  // ACC-03: last, so a form's own field errors are reported first.
  termsVersion: termsVersionField,
});
export type RegisterBody = z.infer<typeof registerBody>;

const confirm = {
  confirmPassword: z.string().min(1, msg.confirmRequired),
};
const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;

/** ACC-03: the form ticks a checkbox; the request carries the version it accepted. */
export const registerForm = registerBody
  .omit({ termsVersion: true })
  .extend({ ...confirm, acceptTerms: acceptTermsField })
  .refine(passwordsMatch, { message: msg.passwordsDontMatch, path: ['confirmPassword'] });

export const onboardingBody = z.object({
  ...accountFields,
  email: email(msg.emailInvalid),
  code: z.string().trim().toUpperCase().length(8),
  productId: z.coerce
    .number<unknown>()
    .int()
    .refine((n) => (PRODUCT_IDS as readonly number[]).includes(n), {
      message: msg.productTypeRequired,
    }),
  termsVersion: termsVersionField,
});
export type OnboardingBody = z.infer<typeof onboardingBody>;

export const onboardingForm = z
  .object({
    ...accountFields,
    email: email(msg.emailInvalid),
    ...confirm,
    productId: z
      .string()
      .min(1, msg.productTypeRequired)
      .refine((s) => (PRODUCT_IDS as readonly number[]).includes(Number(s)), msg.productTypeRequired),
    acceptTerms: acceptTermsField,
  })
  .refine(passwordsMatch, { message: msg.passwordsDontMatch, path: ['confirmPassword'] });

export const generateCodeBody = z.object({
  email: z.string().trim().min(1, msg.required).toLowerCase().email(msg.emailInvalid).max(254),
});
export type GenerateCodeBody = z.infer<typeof generateCodeBody>;

export const resetPasswordBody = z.object({
  email: z.string().trim().toLowerCase().email(msg.emailInvalid).max(254),
  code: z.string().trim().min(1, msg.resetCodeRequired).max(20),
  password: z.string().min(PASSWORD_MIN, msg.passwordMin).max(200),
  confirmPassword: z.string().min(1, msg.resetConfirmRequired).max(200),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const resetPasswordForm = resetPasswordBody.refine(passwordsMatch, {
  message: msg.passwordsDontMatch,
  path: ['confirmPassword'],
});

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const validateTokenResponse = z.object({ valid: z.boolean() });
