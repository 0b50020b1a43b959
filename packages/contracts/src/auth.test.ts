import { describe, expect, test } from 'vitest';
import { TERMS_VERSION } from './account';
import { onboardingForm, registerBody, registerForm, resetPasswordForm } from './auth';
import { updateUserBody } from './profile';
import { msg } from './messages';

const firstMessage = (
  r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) => r.error?.issues.find((i) => i.path[0] === field)?.message;

const valid = {
  name: 'Maria',
  email: 'maria@exemplo.com.br',
  phone: '31988887777',
  cpfOrCnpj: '529.982.247-25',
  password: 'segredo',
  confirmPassword: 'segredo',
  acceptTerms: true,
};

describe('account forms share the server schemas', () => {
  test('[AUTH-07] registration messages', () => {
    const r = registerForm.safeParse({
      name: '',
      email: 'x',
      phone: '123',
      cpfOrCnpj: '1',
      password: '1',
      confirmPassword: '',
    });
    expect(firstMessage(r, 'name')).toBe(msg.required);
    expect(firstMessage(r, 'email')).toBe(msg.emailInvalidRegister);
    expect(firstMessage(r, 'phone')).toBe(msg.phoneInvalid);
    expect(firstMessage(r, 'cpfOrCnpj')).toBe(msg.cpfInvalid);
    expect(firstMessage(r, 'password')).toBe(msg.passwordMin);
    expect(firstMessage(r, 'confirmPassword')).toBe(msg.confirmRequired);
    expect(firstMessage(registerForm.safeParse({ ...valid, confirmPassword: 'outra1' }), 'confirmPassword')).toBe(
      msg.passwordsDontMatch,
    );
    expect(registerForm.safeParse(valid).success).toBe(true);
  });

  test('[AUTH-09] onboarding says "E-mail inválido" and needs a product type', () => {
    const r = onboardingForm.safeParse({ ...valid, email: 'nope', productId: '' });
    expect(firstMessage(r, 'email')).toBe(msg.emailInvalid);
    expect(firstMessage(r, 'productId')).toBeDefined();
    expect(onboardingForm.safeParse({ ...valid, productId: '3' }).success).toBe(true);
  });

  test('[ACC-03] the sign-up forms need the consent box; the request needs the current version', () => {
    const consent = 'É preciso aceitar os Termos de uso e a Política de privacidade.';
    expect(firstMessage(registerForm.safeParse({ ...valid, acceptTerms: false }), 'acceptTerms')).toBe(consent);
    expect(
      firstMessage(onboardingForm.safeParse({ ...valid, productId: '3', acceptTerms: false }), 'acceptTerms'),
    ).toBe(consent);
    const { confirmPassword: _c, acceptTerms: _a, ...body } = valid;
    expect(firstMessage(registerBody.safeParse(body), 'termsVersion')).toBe(consent);
    expect(firstMessage(registerBody.safeParse({ ...body, termsVersion: '2000-01-01' }), 'termsVersion')).toBe(
      'Os Termos de uso ou a Política de privacidade mudaram. Recarregue a página e aceite a versão atual.',
    );
    expect(registerBody.safeParse({ ...body, termsVersion: TERMS_VERSION }).success).toBe(true);
  });

  test('[AUTH-12] reset password messages', () => {
    const r = resetPasswordForm.safeParse({ email: 'a@b.co', code: '', password: '1', confirmPassword: '' });
    expect(firstMessage(r, 'code')).toBe(msg.resetCodeRequired);
    expect(firstMessage(r, 'password')).toBe(msg.passwordMin);
    expect(firstMessage(r, 'confirmPassword')).toBe(msg.resetConfirmRequired);
  });

  test('[ACC-01] my account trims the name, refuses it empty or over 50, and needs the current password', () => {
    expect(firstMessage(updateUserBody.safeParse({ name: '   ', password: 'x' }), 'name')).toBe(msg.nameEmpty);
    expect(updateUserBody.safeParse({ name: 'a'.repeat(51), password: 'x' }).success).toBe(false);
    expect(firstMessage(updateUserBody.safeParse({ name: 'Ana', password: '' }), 'password')).toBe(
      msg.currentPasswordRequired,
    );
    expect(updateUserBody.parse({ name: '  Ana  ', password: 'x' }).name).toBe('Ana');
  });
});
