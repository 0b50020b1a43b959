/** Portuguese copy of the tag screens that only the screens use (shared labels live in `dashboardUi`). */
export const tagCopy = {
  addTagIntro: 'Digite o código de 8 letras e números impresso no seu Toque (ou o código da sua unidade).',
  addTagHint: 'Só letras e números; outros caracteres são ignorados.',
  tabEmpty: 'Nenhum toque nesta categoria.',
  noInfo: 'Nenhuma informação cadastrada.',
  yes: 'Sim',
  no: 'Não',
  memberNote: 'Este Toque foi compartilhado com você. Só o dono pode editá-lo, compartilhá-lo ou excluí-lo.',
  deleteText: (name: string) =>
    `O Toque "${name}" será excluído da sua conta e deixará de receber chamadas. Esta ação não pode ser desfeita.`,
  deleteFailure: 'Falha ao excluir toque: ',
  qrIntro: 'Quem escanear este QR Code com a câmera do celular abre a página de chamada do seu Toque:',
  qrAlt: (url: string) => `QR Code que abre ${url}`,
  qrError: 'Não foi possível gerar o QR Code.',
  qrPrintTitle: (name: string) => `QR Code do Toque ${name}`,
  editIntro: 'Dê um nome ao Toque e escreva o que quem encontrar precisa saber.',
  importantInfoHint: 'Por exemplo: alergias, remédios, cuidados com o pet ou um recado. Até 500 caracteres.',
  showToFinderHint: 'Desligado, só você e quem recebe as chamadas veem essas informações.',
  sharingIntro:
    'Até 3 pessoas podem receber as chamadas deste Toque junto com você. Quem ainda não tem conta recebe um convite por e-mail.',
  sharingCount: (count: number, max: number) => `${count}/${max} pessoas`,
  sharingEmpty: 'Este Toque ainda não foi compartilhado.',
  sharingFull: 'Este Toque já é compartilhado com o máximo de pessoas.',
  removeMemberLabel: (name: string) => `Remover ${name}`,
} as const;
