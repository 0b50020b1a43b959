import { dashboardUi } from '@toque/contracts/dashboard-ui';

const f = dashboardUi.finance;

/**
 * FIN-01: the financial page's content. Billing does not exist yet: the specification fixes these
 * values as static placeholders, and the page says they are illustrative.
 */
export const financeCopy = {
  demoNote: 'Os dados financeiros abaixo são demonstrativos enquanto a cobrança on-line não está disponível.',
  plan: {
    title: 'Status do plano',
    rows: [
      { term: 'Plano', value: f.plan },
      { term: 'Status', value: f.planActive },
      { term: 'QR Codes ativos', value: f.activeQrs },
      { term: 'Tipo', value: f.type },
      { term: 'Vencimento', value: f.dueDate },
      { term: 'Valor anual', value: f.annualValue },
    ],
  },
  card: {
    title: 'Cartão vinculado',
    number: f.card,
    brand: 'Visa',
    holder: 'Titular do cartão',
    expiry: 'Validade 12/2028',
    label: 'Cartão de crédito final 4242',
  },
  renewal: {
    title: 'Avisos e renovação',
    items: [
      `O seu plano ${f.plan} será renovado automaticamente em ${f.dueDate}.`,
      'Para cancelar a renovação, avise com pelo menos 10 dias de antecedência.',
      'Com mais de 30 dias de atraso, os seus Toques deixam de receber chamadas.',
    ],
  },
  support: {
    title: 'Suporte financeiro',
    text: 'Dúvidas sobre cobrança, cartão ou nota fiscal? Fale com a nossa equipe.',
  },
  history: {
    title: 'Histórico de pagamentos',
    caption: 'Pagamentos do plano',
    headers: f.historyHeaders,
    rows: [
      { date: '11/06/2025', amount: f.tableValue, method: 'Cartão de crédito', status: 'Pago' },
      { date: '11/06/2024', amount: f.tableValue, method: 'Cartão de crédito', status: 'Pago' },
    ],
  },
  summary: {
    plan: `Plano ${f.plan}`,
    status: f.planActive,
    lastPayment: 'Último pagamento',
    dueDate: 'Próximo vencimento',
    activeQrs: 'QR Codes ativos',
  },
} as const;
