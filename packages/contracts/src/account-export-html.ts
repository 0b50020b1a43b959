import { EXPORT_PHOTO_DATA_URL, type AccountExport } from './account';
import { callUi } from './call-ui';
import { chargeWords, planWords, type ChargeStatus, type PlanInterval } from './billing';
import { conversationsUi } from './conversations';
import { dashboardUi } from './dashboard-ui';
import { doorUi } from './door';
import { gateUi } from './gate';
import { callSettingsUi } from './quiet-hours';
import { medicalCardUi } from './medical-card';
import { formatReais } from './money';
import { brasiliaDateTime } from './time-format';

/**
 * ACC-07: the readable half of the LGPD export — one self-contained, printable HTML document in
 * Portuguese (labels, product names, statuses in words, dates in pt-BR on Brasília time), with the
 * machine-readable JSON embedded in it as well. A pure function: the browser makes the file from
 * the export it received, and the API test reads the same document.
 */

export const exportHtmlUi = {
  fileName: 'meus-dados-toque.html',
  jsonFileName: 'meus-dados-toque.json',
  title: 'Meus dados no Toque',
  intro:
    'Esta é uma cópia de todos os dados pessoais que o Toque guarda sobre você (Lei Geral de Proteção de Dados, art. 18). ' +
    'Os dados de outras pessoas aparecem só como o aplicativo os mostra para você.',
  exportedAt: 'Gerado em',
  yes: 'Sim',
  no: 'Não',
  none: 'Nenhum registro.',
  empty: '—',
  profile: {
    heading: 'Perfil',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    cpf: 'CPF ou CNPJ',
    createdAt: 'Conta criada em',
    admin: 'Administrador do Toque',
  },
  consents: {
    heading: 'Consentimentos',
    document: 'Documento',
    version: 'Versão',
    acceptedAt: 'Aceito em',
    none: 'Nenhum aceite registrado (conta criada antes do registro de consentimento).',
  },
  tags: {
    heading: 'Meus Toques',
    code: 'Código',
    product: 'Produto',
    name: 'Nome',
    importantInfo: 'Informação importante',
    showInfo: 'Mostrar a informação para quem encontrar',
    active: 'Ativo',
    scanAlerts: 'Avisar quando alguém escanear',
    lost: 'Modo perdido',
    lostOff: 'Desligado',
    lostMessage: 'Mensagem para quem encontrar',
    /** FIND-10: when lost mode was switched on. */
    lostSince: 'Perdido desde',
    reward: 'Recompensa',
    deletedAt: 'Excluído em',
    createdAt: 'Cadastrado em',
    members: 'Compartilhado com',
    invitations: 'Convites pendentes',
    invitedOn: (date: string) => `convite enviado em ${date}`,
    since: (date: string) => `desde ${date}`,
    plan: 'Plano',
    planDue: (date: string) => `vence em ${date}`,
    noPlan: 'sem plano em andamento',
    /** FIND-09: the finder page's switches, as the edit page names them. */
    showOwnerName: dashboardUi.editTag.showOwnerName,
    showPhoto: dashboardUi.editTag.showPhoto,
    showReward: dashboardUi.editTag.showReward,
    showCity: dashboardUi.editTag.showCity,
    lostCity: dashboardUi.editTag.lostCity,
    photo: 'Foto',
    photoAlt: (name: string) => `Foto do Toque ${name}`,
    photoDetails: (width: number, height: number, kb: string, date: string) => `${width} × ${height} px, ${kb} KB, enviada em ${date}`,
    noPhoto: 'Sem foto',
    /** FIND-07 / FIND-08. */
    quietHours: callSettingsUi.quietLegend,
    noQuietHours: 'Nenhum',
    ringOrder: callSettingsUi.orderLegend,
    together: callSettingsUi.together,
    inOrder: (seconds: number) => `Em ordem: primeiro eu, por ${seconds} segundos; depois as pessoas com quem compartilho`,
    /** FIND-11: a wristband's medical card, each field with its switch, by the edit page's names. */
    medicalCard: medicalCardUi.heading,
    needsCare: medicalCardUi.needsCare,
    medicalShown: (value: string) => `${value} (mostrado para quem encontrar)`,
    medicalHidden: (value: string) => `${value} (não mostrado)`,
  },
  charges: {
    heading: 'Cobranças Pix',
    txid: 'Identificador (txid)',
    tags: 'Toques',
    amount: 'Valor',
    status: 'Situação',
    createdAt: 'Criada em',
    paidAt: 'Paga em',
  },
  memberships: {
    heading: 'Toques compartilhados comigo',
    owner: 'Dono',
  },
  residencies: {
    heading: 'Unidades de condomínio',
    condominium: 'Condomínio',
    unit: 'Unidade',
    temporaryUnit: 'Unidade sem nome',
    since: 'Morador desde',
    others: 'Outros moradores',
    quietHours: callSettingsUi.unitHeading,
  },
  /** FIND-07: a window in words — 'Segunda, Terça: 23:00 às 07:00 (America/Sao_Paulo)'. */
  quietWindow: (days: string, from: string, until: string, zone: string) => `${days}: ${from} às ${until} (${zone})`,
  /** FIND-06. */
  conversations: {
    heading: 'Conversas com quem encontrou',
    tag: 'Toque',
    unit: 'Unidade',
    state: 'Situação',
    startedAt: 'Iniciada em',
    closedAt: 'Encerrada em',
    blockedAt: 'Bloqueada em',
    when: 'Quando',
    from: 'De',
    finder: conversationsUi.finder,
    you: conversationsUi.you,
    message: 'Mensagem',
    location: 'Localização',
    states: conversationsUi.states as Record<string, string>,
  },
  /** CONDO-15. */
  deliveries: {
    heading: doorUi.deliveriesTitle,
    when: doorUi.timeLabel,
    unit: doorUi.unitLabel,
    company: doorUi.companyLabel,
    status: doorUi.statusLabel,
    waiting: doorUi.waiting,
    collected: (name: string, date: string) => (name ? `Retirada por ${name}, ${date}` : `Retirada, ${date}`),
    byMe: 'Retirada por mim',
    photo: 'Foto do pacote',
    photoKept: `Sim, vista em ${doorUi.deliveriesTitle}`,
    noPhoto: 'Não',
  },
  /** CONDO-16. */
  passes: {
    heading: 'Passes de visitante que criei',
    visitor: 'Visitante',
    unit: doorUi.unitLabel,
    from: doorUi.passFrom,
    until: doorUi.passUntil,
    status: doorUi.statusLabel,
    states: doorUi.passState as Record<string, string>,
    opensGate: gateUi.passOpensGate,
    createdAt: 'Criado em',
  },
  /** CONDO-18. */
  gate: {
    heading: 'Aberturas do portão por mim ou pelos meus passes',
    when: gateUi.logWhen,
    unit: gateUi.logUnit,
    via: 'Como',
    vias: gateUi.via as Record<string, string>,
    visitorPass: (name: string) => `Passe de ${name}`,
    result: gateUi.logResult,
  },
  calls: {
    heading: 'Chamadas recebidas',
    when: 'Início',
    tag: 'Toque',
    unit: 'Unidade',
    status: 'Situação',
    answeredAt: 'Atendida em',
    endedAt: 'Encerrada em',
    answeredByMe: 'Atendida por mim',
    location: 'Localização de quem chamou',
    message: 'Mensagem de quem chamou',
    callback: 'Contato para retorno',
  },
  scans: {
    heading: 'Escaneamentos dos meus Toques',
    when: 'Quando',
    tag: 'Toque',
    lost: 'Estava perdido',
    location: 'Localização',
    locality: 'Local',
  },
  push: {
    heading: 'Aparelhos que recebem notificações',
    endpoint: 'Endereço de notificação',
    createdAt: 'Ativado em',
  },
  mails: {
    heading: 'E-mails enviados a você',
    subject: 'Assunto',
    createdAt: 'Enviado em',
  },
  json: {
    heading: 'Os mesmos dados em formato de máquina (JSON)',
    text: 'Para levar os seus dados a outro serviço, use o arquivo JSON baixado junto com este documento. Ele também está guardado dentro deste arquivo.',
  },
} as const;

const ui = exportHtmlUi;

/** '02/03/2026, 12:04' on Brasília time. */
export function formatExportDate(iso: string): string {
  return brasiliaDateTime.format(new Date(iso));
}

/** The words of a call's outcome, as the call history shows them. */
export function callStatusWords(status: string, answeredAt: string | null): string {
  if (answeredAt) return callUi.history.status.answered;
  return (callUi.history.status as Record<string, string>)[status] ?? status;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const e = escapeHtml;
const orDash = (text: string | null | undefined) => (text && text.trim() ? e(text) : ui.empty);
const yesNo = (v: boolean) => (v ? ui.yes : ui.no);
const place = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? ui.empty : `${lat.toFixed(5).replace('.', ',')}; ${lng.toFixed(5).replace('.', ',')}`;

/** A definition list of label → value (values already escaped). */
function fields(rows: [string, string][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${e(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function section(id: string, heading: string, body: string): string {
  return `<section aria-labelledby="${id}"><h2 id="${id}">${e(heading)}</h2>${body}</section>`;
}

function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return `<p>${e(ui.none)}</p>`;
  return `<table><thead><tr>${headers.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => `<td data-label="${e(headers[i] ?? '')}">${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

function quietWords(q: { days: number[]; from: string; until: string; timeZone: string } | null): string {
  if (!q) return e(ui.tags.noQuietHours);
  const days = q.days.map((d) => callSettingsUi.dayNames[d] ?? String(d)).join(', ');
  return e(ui.quietWindow(days, q.from, q.until, q.timeZone));
}

/** FIND-09: the photo itself, openable in the document; the URL was checked to be a base64 image (the schema's pattern). */
function photo(t: AccountExport['tags'][number]): string {
  const p = t.photo;
  if (!p || !EXPORT_PHOTO_DATA_URL.test(p.dataUrl)) return e(ui.tags.noPhoto);
  const kb = (p.bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 });
  return (
    `<img class="photo" src="${e(p.dataUrl)}" width="${p.width}" height="${p.height}" alt="${e(ui.tags.photoAlt(t.name || t.productName))}">` +
    `<br>${e(ui.tags.photoDetails(p.width, p.height, kb, formatExportDate(p.uploadedAt)))}`
  );
}

/** FIND-11: the medical card's fields, each with whether the finder's page shows it (values escaped). */
function medical(t: AccountExport['tags'][number]): [string, string][] {
  const c = t.medicalCard;
  if (!c) return [];
  const field = (label: string, value: string | null, shown: boolean): [string, string] => [
    label,
    value && value.trim() ? e((shown ? ui.tags.medicalShown : ui.tags.medicalHidden)(value)) : ui.empty,
  ];
  return [
    [ui.tags.needsCare, yesNo(c.needsCare)],
    field(medicalCardUi.conditions, c.conditions, c.showConditions),
    field(medicalCardUi.allergies, c.allergies, c.showAllergies),
    field(medicalCardUi.medication, c.medication, c.showMedication),
    field(medicalCardUi.bloodType, c.bloodType, c.showBloodType),
    field(medicalCardUi.healthPlan, c.healthPlan, c.showHealthPlan),
    field(medicalCardUi.paramedicNote, c.paramedicNote, c.showParamedicNote),
  ].map(([label, value]) => [`${ui.tags.medicalCard} — ${label}`, value]);
}

function reward(lost: { reward: string | null; rewardCents: number | null }): string {
  const parts = [lost.rewardCents ? formatReais(lost.rewardCents) : null, lost.reward].filter((p): p is string => !!p);
  return parts.length ? e(parts.join(' — ')) : ui.empty;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;margin:0 auto;max-width:60rem;padding:1.5rem;line-height:1.5}
h1{font-size:1.75rem;margin:0 0 .5rem}h2{font-size:1.25rem;margin:2rem 0 .75rem;border-bottom:2px solid #cbd5e1;padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1.25rem 0 .5rem}
dl{display:grid;grid-template-columns:minmax(10rem,max-content) 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #cbd5e1;padding:.35rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f1f5f9}img.photo{max-width:min(100%,20rem);height:auto;border-radius:.5rem}.tag{border:1px solid #cbd5e1;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0;break-inside:avoid}
@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}
table,tbody,tr,td{display:block}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
tr{border:1px solid #cbd5e1;border-radius:.5rem;margin:.5rem 0;padding:.25rem .5rem}td{border:0;padding:.2rem 0}
td::before{content:attr(data-label);display:block;font-weight:600;font-size:.8rem;color:#334155}}
@media print{body{padding:0;max-width:none}a{color:inherit}h2{break-after:avoid}tr{break-inside:avoid}}
`;

export function renderExportHtml(data: AccountExport): string {
  const p = data.profile;
  const profile = fields([
    [ui.profile.name, e(p.name)],
    [ui.profile.email, e(p.email)],
    [ui.profile.phone, orDash(p.phone)],
    [ui.profile.cpf, orDash(p.cpfOrCnpj)],
    [ui.profile.createdAt, formatExportDate(p.createdAt)],
    [ui.profile.admin, yesNo(p.isToqueAdmin)],
  ]);
  const consents =
    data.consents.length === 0
      ? `<p>${e(ui.consents.none)}</p>`
      : table(
          [ui.consents.document, ui.consents.version, ui.consents.acceptedAt],
          data.consents.map((c) => [e(c.document), e(c.version), formatExportDate(c.acceptedAt)]),
        );
  const tags =
    data.tags.length === 0
      ? `<p>${e(ui.none)}</p>`
      : data.tags
          .map(
            (t) =>
              `<article class="tag"><h3>${e(t.name || t.productName)}</h3>${fields([
                [ui.tags.code, e(t.code)],
                [ui.tags.product, e(t.productName)],
                [ui.tags.name, orDash(t.name)],
                [ui.tags.importantInfo, orDash(t.importantInfo)],
                [ui.tags.showInfo, yesNo(t.showInfoToFinder)],
                [ui.tags.active, yesNo(t.isActive)],
                [ui.tags.scanAlerts, yesNo(t.scanAlerts)],
                [ui.tags.lost, t.lost ? ui.yes : ui.tags.lostOff],
                ...(t.lost
                  ? ([
                      [ui.tags.lostMessage, orDash(t.lost.message)],
                      [ui.tags.reward, reward(t.lost)],
                      [ui.tags.lostSince, t.lost.since ? e(formatExportDate(t.lost.since)) : ui.empty],
                    ] as [string, string][])
                  : []),
                [
                  ui.tags.plan,
                  `${e(planWords.interval[t.plan.interval as PlanInterval] ?? t.plan.interval)}, ${e(
                    t.plan.dueAt ? ui.tags.planDue(formatExportDate(t.plan.dueAt)) : ui.tags.noPlan,
                  )}`,
                ],
                [ui.tags.showOwnerName, yesNo(t.finderPage.showOwnerName)],
                [ui.tags.showPhoto, yesNo(t.finderPage.showPhoto)],
                [ui.tags.showReward, yesNo(t.finderPage.showReward)],
                [ui.tags.showCity, yesNo(t.finderPage.showCity)],
                [ui.tags.lostCity, orDash(t.finderPage.lostCity)],
                [ui.tags.photo, photo(t)],
                [ui.tags.quietHours, quietWords(t.quietHours)],
                [ui.tags.ringOrder, e(t.ringOrderSeconds === null ? ui.tags.together : ui.tags.inOrder(t.ringOrderSeconds))],
                ...medical(t),
                [ui.tags.createdAt, formatExportDate(t.createdAt)],
                ...(t.disabledAt ? ([[ui.tags.deletedAt, formatExportDate(t.disabledAt)]] as [string, string][]) : []),
                [
                  ui.tags.members,
                  t.members.length
                    ? t.members
                        .map((m) => `${e(m.firstName)} (${e(m.email)}), ${e(ui.tags.since(formatExportDate(m.since)))}`)
                        .join('<br>')
                    : ui.empty,
                ],
                [
                  ui.tags.invitations,
                  t.pendingInvitations.length
                    ? t.pendingInvitations
                        .map((i) => `${e(i.email)}, ${e(ui.tags.invitedOn(formatExportDate(i.sentAt)))}`)
                        .join('<br>')
                    : ui.empty,
                ],
              ])}</article>`,
          )
          .join('');
  const memberships = table(
    [ui.tags.name, ui.tags.product, ui.tags.code, ui.memberships.owner, ui.residencies.since],
    data.memberships.map((m) => [
      orDash(m.name),
      e(m.productName),
      e(m.code),
      orDash(m.ownerFirstName),
      formatExportDate(m.since),
    ]),
  );
  const residencies = table(
    [ui.residencies.condominium, ui.residencies.unit, ui.residencies.since, ui.residencies.others, ui.residencies.quietHours],
    data.residencies.map((r) => [
      e(r.condominium),
      e(r.unit ?? ui.residencies.temporaryUnit),
      formatExportDate(r.since),
      r.otherResidents.length ? e(r.otherResidents.join(', ')) : ui.empty,
      quietWords(r.quietHours),
    ]),
  );
  const calls = table(
    [
      ui.calls.when,
      ui.calls.tag,
      ui.calls.status,
      ui.calls.answeredByMe,
      ui.calls.location,
      ui.calls.message,
      ui.calls.callback,
    ],
    data.calls.map((c) => [
      formatExportDate(c.startedAt),
      `${orDash(c.tagName)} (${e(c.productName)}${c.unit ? `, ${e(ui.calls.unit)} ${e(c.unit)}` : ''})`,
      e(callStatusWords(c.status, c.answeredAt)) +
        (c.answeredAt ? `<br>${e(ui.calls.answeredAt)} ${formatExportDate(c.answeredAt)}` : '') +
        (c.endedAt ? `<br>${e(ui.calls.endedAt)} ${formatExportDate(c.endedAt)}` : ''),
      yesNo(c.answeredByMe),
      place(c.latitude, c.longitude),
      orDash(c.message),
      orDash(c.callbackContact),
    ]),
  );
  const scans = table(
    [ui.scans.when, ui.scans.tag, ui.scans.lost, ui.scans.locality, ui.scans.location],
    data.scans.map((s) => [
      formatExportDate(s.scannedAt),
      `${orDash(s.tagName)} (${e(s.productName)})`,
      yesNo(s.lost),
      orDash(s.locality),
      place(s.latitude, s.longitude),
    ]),
  );
  const charges = table(
    [ui.charges.createdAt, ui.charges.tags, ui.charges.amount, ui.charges.status, ui.charges.paidAt, ui.charges.txid],
    data.charges.map((c) => [
      formatExportDate(c.createdAt),
      e(c.tagCodes.join(', ')),
      e(formatReais(c.paidCents ?? c.amountCents)),
      e(chargeWords.status[c.status as ChargeStatus] ?? c.status),
      c.paidAt ? formatExportDate(c.paidAt) : ui.empty,
      e(c.txid),
    ]),
  );
  const conversations =
    data.conversations.length === 0
      ? `<p>${e(ui.none)}</p>`
      : data.conversations
          .map(
            (c) =>
              `<article class="tag"><h3>${orDash(c.tagName || c.productName)}${c.unit ? ` — ${e(ui.conversations.unit)} ${e(c.unit)}` : ''}</h3>${fields([
                [ui.conversations.tag, `${orDash(c.tagName)} (${e(c.productName)}, ${e(c.tagCode)})`],
                [ui.conversations.state, e(ui.conversations.states[c.state] ?? c.state)],
                [ui.conversations.startedAt, formatExportDate(c.startedAt)],
                ...(c.closedAt ? ([[ui.conversations.closedAt, formatExportDate(c.closedAt)]] as [string, string][]) : []),
                ...(c.blockedAt ? ([[ui.conversations.blockedAt, formatExportDate(c.blockedAt)]] as [string, string][]) : []),
              ])}${table(
                [ui.conversations.when, ui.conversations.from, ui.conversations.message, ui.conversations.location],
                c.messages.map((m) => [
                  formatExportDate(m.createdAt),
                  e(m.from === 'finder' ? ui.conversations.finder : m.mine ? ui.conversations.you : m.authorFirstName || ui.empty),
                  e(m.body),
                  place(m.latitude, m.longitude),
                ]),
              )}</article>`,
          )
          .join('');
  const deliveries = table(
    [
      ui.deliveries.when,
      ui.residencies.condominium,
      ui.deliveries.unit,
      ui.deliveries.company,
      ui.deliveries.status,
      ui.deliveries.photo,
    ],
    data.deliveries.map((d) => [
      formatExportDate(d.createdAt),
      e(d.condominium),
      e(d.unit ?? ui.residencies.temporaryUnit),
      e(d.companyName),
      d.collectedAt
        ? e(d.collectedByMe ? `${ui.deliveries.byMe}, ${formatExportDate(d.collectedAt)}` : ui.deliveries.collected(d.collectedBy ?? '', formatExportDate(d.collectedAt)))
        : e(ui.deliveries.waiting),
      e(d.hasPhoto ? ui.deliveries.photoKept : ui.deliveries.noPhoto),
    ]),
  );
  const passes = table(
    [ui.passes.visitor, ui.residencies.condominium, ui.passes.unit, ui.passes.from, ui.passes.until, ui.passes.status, ui.passes.opensGate, ui.passes.createdAt],
    data.passes.map((v) => [
      e(v.visitorName),
      e(v.condominium),
      e(v.unit ?? ui.residencies.temporaryUnit),
      formatExportDate(v.validFrom),
      formatExportDate(v.validUntil),
      e(ui.passes.states[v.status] ?? v.status) + (v.revokedAt ? ` ${formatExportDate(v.revokedAt)}` : ''),
      e(v.canOpenGate ? ui.yes : ui.no),
      formatExportDate(v.createdAt),
    ]),
  );
  const gate = table(
    [ui.gate.when, ui.residencies.condominium, ui.gate.unit, ui.gate.via, ui.gate.result],
    data.gateOpenings.map((g) => [
      formatExportDate(g.createdAt),
      e(g.condominium),
      e(g.unit ?? ui.empty),
      e(g.via === 'pass' && g.visitorName ? ui.gate.visitorPass(g.visitorName) : (ui.gate.vias[g.via] ?? g.via)),
      e(g.result),
    ]),
  );
  const push = table(
    [ui.push.endpoint, ui.push.createdAt],
    data.pushSubscriptions.map((s) => [e(s.endpoint), formatExportDate(s.createdAt)]),
  );
  const mails = table(
    [ui.mails.subject, ui.mails.createdAt],
    data.mails.map((m) => [e(m.subject), formatExportDate(m.createdAt)]),
  );
  // The JSON inside a script element: '<' escaped so no text of the user's can close it.
  const json = JSON.stringify(data, null, 2).replace(/</g, '\\u003c');
  return [
    '<!doctype html>',
    '<html lang="pt-BR"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(ui.title)} — ${e(p.name)}</title>`,
    `<style>${STYLE}</style></head><body><main>`,
    `<h1>${e(ui.title)}</h1>`,
    `<p>${e(ui.intro)}</p>`,
    `<p><strong>${e(ui.exportedAt)}:</strong> ${formatExportDate(data.exportedAt)} (horário de Brasília)</p>`,
    section('perfil', ui.profile.heading, profile),
    section('consentimentos', ui.consents.heading, consents),
    section('toques', ui.tags.heading, tags),
    section('compartilhados', ui.memberships.heading, memberships),
    section('unidades', ui.residencies.heading, residencies),
    section('chamadas', ui.calls.heading, calls),
    section('escaneamentos', ui.scans.heading, scans),
    section('conversas', ui.conversations.heading, conversations),
    section('entregas', ui.deliveries.heading, deliveries),
    section('passes', ui.passes.heading, passes),
    section('portao', ui.gate.heading, gate),
    section('cobrancas', ui.charges.heading, charges),
    section('notificacoes', ui.push.heading, push),
    section('emails', ui.mails.heading, mails),
    section('json', ui.json.heading, `<p>${e(ui.json.text)}</p>`),
    `<script type="application/json" id="dados-json">${json}</script>`,
    '</main></body></html>',
  ].join('\n');
}
