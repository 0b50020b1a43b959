import { describe, expect, test } from 'vitest';
import * as constants from './constants';
import { msg } from './messages';
import { paths } from './routes';
import { EXPORT_FILENAME } from './admin';
import { callUi } from './call-ui';
import { EMERGENCY_NUMBERS } from './medical-card';
import { posterText } from './poster';
import { RECORDING_MAX_SECONDS } from './recordings';
import { GATE_WEBHOOK_MAX_AGE_S, gateKinds, gateUi } from './gate';

/**
 * Every exact string, timing and limit of the specification, written here as the specification
 * writes it — not imported — so a constant that drifts from the text fails this one test.
 */
describe('the specification literals', () => {
  test('[API-01] [AUTH-07] [AUTH-09] [AUTH-12] [ACC-01] [TAG-02] [TAG-05] [CONDO-01] [CONDO-02] [CONDO-04] [ADM-02] [ADM-03] the catalogue messages (sections 2, 5 and 8)', () => {
    expect(msg).toMatchObject({
      required: 'Campo obrigatório',
      emailInvalidRegister: 'Email inválido',
      emailInvalid: 'E-mail inválido',
      phoneInvalid: 'Telefone inválido',
      cpfInvalid: 'CPF ou CNPJ inválido',
      passwordMin: 'A senha deve ter no mínimo 6 caracteres',
      confirmRequired: 'Confirme sua senha',
      passwordsDontMatch: 'As senhas não coincidem',
      resetCodeRequired: 'Informe o código recebido',
      resetConfirmRequired: 'Confirme a nova senha',
      nameEmpty: 'Nome não pode ficar vazio',
      currentPasswordRequired: 'Você precisa informar sua senha atual',
      tagCodeLength: 'O código precisa ter exatamente 8 caracteres.',
      tagNameEmpty: 'O nome não pode ficar vazio',
      loginSuccess: 'Login realizado com sucesso',
      loginFailure: 'Falha no login. Verifique suas credenciais.',
      loginNoToken: 'Login não retornou token.',
      logoutSuccess: 'Logout realizado com sucesso',
      loadUserError: 'Erro ao carregar usuário',
      registerConflict: 'Usuário já cadastrado.',
      registerError: 'Erro ao cadastrar. Tente novamente.',
      registerSuccess: 'Cadastro realizado com sucesso!',
      registerAutoLoginFailure: 'Cadastro criado, mas falha ao logar. Tente entrar manualmente.',
      onboardingNoToken: 'Resposta de onboarding não retornou token.',
      onboardingConflict: 'Usuário já cadastrado.',
      onboardingBadCredentials: 'Credenciais inválidas.',
      onboardingQrNotFound: 'QR Code não encontrado.',
      onboardingError: 'Erro durante o onboarding.',
      onboardingSuccess: 'Conta criada e QR vinculado!',
      forgotUserNotFound: 'Usuário não encontrado.',
      forgotError: 'Erro ao enviar o código.',
      resetInvalidCode: 'Código inválido ou expirado.',
      resetUserNotFound: 'Usuário não encontrado.',
      resetPasswordsDontMatch: 'As senhas não coincidem.',
      resetError: 'Erro ao redefinir a senha.',
      resetSuccess: 'Senha alterada com sucesso!',
      profileWrongPassword: 'Senha incorreta. Por favor, verifique sua senha e tente novamente.',
      profileError: 'Ocorreu um erro ao atualizar o nome. Tente novamente mais tarde.',
      addTagFailurePrefix: 'Falha ao adicionar toque: ',
      updateNameFailurePrefix: 'Falha ao atualizar nome: ',
      removeMemberFailurePrefix: 'Falha ao remover membro: ',
      notFoundTitle: 'Página não encontrada',
      notFoundText: 'Esse toque não funcionou.',
      comingSoonTitle: 'Falta só um toque.',
      tagsLoading: 'Carregando...',
      tagsEmpty: 'Você não possui toques adquiridos.',
      condoNoPermission: 'Você não tem permissões para alterar esse Toque. Contate o seu Síndico.',
      unitsLoadError: 'Não foi possível carregar unidades.',
      unitCreateError: 'Falha ao criar unidade.',
      condoCreateSuccess: 'Condomínio e unidades criadas com sucesso!',
      unitParamsMissing: 'Parâmetros da URL não informados.',
      unitNotFound: 'Informação não encontrada.',
      clientsSearchPlaceholder: 'Informe o CPF',
      geoNotFound: 'Localização não encontrada',
      geoError: 'Erro ao carregar endereço',
      callIncoming: 'está te chamando...',
    });
  });

  test('[ADM-01] [ADM-04] [DASH-01] [CONDO-01] the routes and the report file name (sections 2 and 7)', () => {
    expect(paths.condoActivation).toBe('/dashboard/ativacao-de-condominio');
    expect(paths.manageClients).toBe('/dashboard/gerenciar-clientes');
    expect(paths.units('ABCD2345')).toBe('/dashboard/meus-produtos/apartamentos/ABCD2345');
    expect(paths.editUnit('ABCD2345', 7)).toBe('/dashboard/meus-produtos/apartamentos/ABCD2345/7/edit-apartamento');
    expect(EXPORT_FILENAME).toBe('relatorio.xlsx');
  });

  test('[TAG-02] [CONDO-04] [CONDO-05] [ADM-02] [ADM-03] [API-02] [API-05] the constants and limits (sections 4 and 9)', () => {
    expect(constants).toMatchObject({
      TAG_CODE_LENGTH: 8,
      UNIT_NAME_MAX: 15,
      ACCOUNT_NAME_MAX: 50,
      MEMBERS_PER_UNIT: 3,
      UNITS_PER_CONDO_MAX: 10,
      PASSWORD_MIN: 6,
      PHONE_MIN: 10,
      CPF_MIN: 11,
      REQUEST_SPACING_MS: 1000,
      TOAST_AUTO_CLOSE_MS: 5000,
      TOAST_DRAG_PERCENT: 0.8,
      CAROUSEL_MS: 5000,
      BANNER_MS: 10_000,
      MARQUEE_SPEED: 216,
      CONTACT_CLOSE_MS: 80,
      TITLE_BLINK_MS: 1000,
      LIST_REFRESH_MS: 3000,
      CALL_DATA_REMOVAL_MS: 3000,
      BREADCRUMB_BREAKPOINT_PX: 768,
      MAP_ZOOM: 12,
      MAP_HEIGHT_PX: 650,
    });
    expect(constants.storageKeys).toEqual({
      authToken: 'authToken',
      unitOwnerPrefix: 'unit_owner_',
      callData: 'callData',
    });
    expect(constants.productTypes).toEqual({ 1: 'Pulseira', 2: 'Campainha', 3: 'Pet', 4: 'Objeto', 5: 'Condomínio' });
    expect(constants.UNKNOWN_PRODUCT).toBe('Desconhecido');
  });

  test('[FIND-11] the wristband\'s emergency numbers as issue 37 writes them: "Emergência? Ligue 192 (SAMU)" and 193, as tel: numbers', () => {
    expect(callUi.finder.emergencySamu).toBe('Emergência? Ligue 192 (SAMU)');
    expect(callUi.finder.emergencyBombeiros).toContain('193');
    expect(EMERGENCY_NUMBERS).toEqual({ samu: '192', bombeiros: '193' });
    expect(constants.productTypes[constants.WRISTBAND_PRODUCT_ID]).toBe('Pulseira');
  });

  test("[FIND-10] the lost poster's QR caption, as issue 37 writes it", () => {
    expect(posterText.scan).toBe('Escaneie para chamar o dono — sem ver o número');
  });

  test('[FIND-12] a voice or video message is at most 30 s (issue 37)', () => {
    expect(RECORDING_MAX_SECONDS).toBe(30);
  });

  test('[CONDO-18] the gate: the button the issue names, the webhook stale after 60 s, and the Shelly RPC method', () => {
    expect(gateUi.open).toBe('Abrir o portão');
    expect(GATE_WEBHOOK_MAX_AGE_S).toBe(60);
    expect(gateKinds).toEqual(['shelly', 'webhook']);
  });
});
