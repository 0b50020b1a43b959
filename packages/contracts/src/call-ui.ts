/**
 * Visible text of the call (CALL-01…13) that the screens and the browser tests share: the finder's
 * page, the owner's /call page, the call history and the notifications. The catalogue's own
 * strings ('está te chamando...', the geocoding errors) stay in `msg`; the server's in `callMsg`.
 */
export const callUi = {
  finder: {
    heading: 'Você encontrou um Toque',
    loading: 'Carregando o Toque...',
    reached: (type: string) => `Este é um Toque do tipo ${type}.`,
    ownerIs: (firstName: string) => `Quem vai atender: ${firstName}`,
    tagName: 'Nome do Toque',
    importantInfo: 'Informação importante',
    explain:
      'Toque no botão para fazer uma videochamada com o dono. Vamos pedir acesso à câmera, ao microfone e à sua localização. O número do dono não é mostrado, nem o seu.',
    call: 'Chamar o dono',
    chooseUnit: 'Escolha a unidade que você quer chamar',
    /** CONDO-13: a plate whose units are in more than one block: the block first, then its units. */
    chooseBlock: 'Escolha o bloco',
    /** CONDO-13: the units that belong to no block, as one of the blocks to choose. */
    noBlock: 'Sem bloco',
    /**
     * CONDO-10 / CONDO-13 / CONDO-19: the units nobody can answer yet are not offered; one neutral line
     * says some are not listed, never how many (it would tell a stranger which flats are empty).
     */
    unitsNotListed: 'Não encontrou a unidade? Nem todas recebem chamadas pelo Toque.',
    preparing: 'Preparando a chamada...',
    ringing: (firstName: string) => `Chamando ${firstName || 'o dono'}... Aguarde, por favor.`,
    connected: 'Você está em uma chamada com o dono.',
    hangUp: 'Encerrar chamada',
    ended: 'Chamada encerrada. Obrigado por ajudar!',
    unanswered: 'Ninguém atendeu agora.',
    declined: 'O dono não pode atender agora.',
    leaveMessage: 'Deixe uma mensagem curta para o dono. Ela vai junto com a sua localização.',
    inAppBrowser:
      'Este navegador não libera a câmera. Abra o link no navegador do celular (Chrome ou Safari) para fazer a videochamada, ou deixe uma mensagem para o dono.',
    noWebRtc:
      'Este navegador não faz videochamadas. Abra o link no Chrome, no Safari ou no Firefox do celular, ou deixe uma mensagem para o dono.',
    cameraRefused:
      'Sem acesso à câmera e ao microfone não dá para fazer a videochamada. Deixe uma mensagem para o dono.',
    messageLabel: 'Sua mensagem',
    sendMessage: 'Enviar mensagem',
    messageSent: 'Mensagem enviada! O dono vai ver a sua mensagem e a sua localização.',
    selfView: 'Sua câmera',
    remoteView: 'Câmera do dono',
    inactive: 'Este Toque está inativo e não pode receber chamadas.',
    callFailed: 'Não foi possível fazer a chamada. Tente de novo.',
    tryAgain: 'Tentar de novo',
    /** FIND-02: lost mode, shown first and large. */
    lostHeading: 'Este Toque está perdido',
    reward: (reward: string) => `Recompensa: ${reward}`,
    /** FIND-09: the owner's photo of the pet, the object or the person, and the city it was lost in. */
    photoAlt: (name: string) => (name ? `Foto de ${name}` : 'Foto enviada pelo dono'),
    lostCity: (city: string) => `Perdido em ${city}`,
    /** FIND-01: the position without a call. */
    shareLocation: 'Compartilhar minha localização',
    sharingLocation: 'Enviando a sua localização...',
    locationShared: 'Localização enviada! O dono vai saber onde o Toque foi encontrado.',
    locationRefused: 'Não foi possível obter a sua localização. Libere o acesso à localização e tente de novo.',
    /** FIND-04: the finder picks the kind of call before the tap. */
    callMode: 'Como você quer chamar?',
    video: 'Vídeo',
    voiceOnly: 'Só voz',
    explainVoice:
      'Toque no botão para fazer uma chamada de voz com o dono. Vamos pedir acesso ao microfone e à sua localização. O número do dono não é mostrado, nem o seu.',
    voiceOnlyActive: 'Chamada só com voz: a sua câmera está desligada.',
    mute: 'Desligar microfone',
    unmute: 'Ligar microfone',
    switchCamera: 'Trocar câmera',
    switchFailed: 'Não foi possível trocar a câmera.',
    /** CALL-14: the owner answered with the microphone only (until they turn their camera on). */
    ownerVoiceOnly: 'O dono está só com voz',
    /** CALL-14: how long the call has lasted (mm:ss), once the owner answered. */
    duration: 'Duração',
    /** FIND-03: the label of the language switch (each language is named in itself). */
    language: 'Idioma',
    /** CALL-15: the seconds left before the ring times out (the server's deadline, not a guess). */
    timeLeft: (seconds: number) => `Tocando por mais ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`,
    /** CALL-15: after no answer — try again, a message, or a way to be called back. */
    nextSteps: 'O que você quer fazer agora?',
    callbackHeading: 'Prefere que o dono entre em contato com você?',
    callbackLabel: 'Seu telefone com DDD ou e-mail',
    callbackHelp: 'Só o dono vê. É apagado junto com a sua localização.',
    sendCallback: 'Enviar contato',
    callbackSent: 'Contato enviado! O dono pode ligar ou escrever para você.',
    /** CALL-15: a switched-off tag cannot ring, but takes a message. */
    offMessage: 'Mesmo assim, você pode deixar uma mensagem para o dono. Ela vai junto com a sua localização.',
    contactOptional: 'Seu telefone com DDD ou e-mail (opcional), para o dono responder',
    /** FIND-05: a building's plate (product 5) speaks of the building and its units. */
    plateHeading: (building: string) =>
      building
        ? `Você está na portaria do ${building} — escolha a unidade`
        : 'Você está na portaria — escolha a unidade',
    callUnit: 'Chamar a unidade',
    explainUnit:
      'Escolha a unidade e toque no botão para fazer uma videochamada com quem mora lá. Vamos pedir acesso à câmera, ao microfone e à sua localização. Nenhum número de telefone é mostrado.',
    explainUnitVoice:
      'Escolha a unidade e toque no botão para fazer uma chamada de voz com quem mora lá. Vamos pedir acesso ao microfone e à sua localização. Nenhum número de telefone é mostrado.',
    ringingUnit: (unit: string) => `Chamando a unidade ${unit}... Aguarde, por favor.`,
    connectedUnit: (unit: string) => `Você está em uma chamada com a unidade ${unit}.`,
    unitDeclined: 'A unidade não pode atender agora.',
    leaveMessageUnit: 'Deixe uma mensagem curta para os moradores da unidade.',
    /** FIND-05: a house's doorbell (product 2) speaks of a home. */
    homeHeading: (firstName: string) =>
      firstName ? `Você está na porta da casa de ${firstName}` : 'Você está na porta de uma casa',
    callHome: 'Tocar a campainha',
    explainHome:
      'Toque no botão para falar por vídeo com quem mora aqui. Vamos pedir acesso à câmera, ao microfone e à sua localização. Nenhum número de telefone é mostrado.',
    explainHomeVoice:
      'Toque no botão para falar por voz com quem mora aqui. Vamos pedir acesso ao microfone e à sua localização. Nenhum número de telefone é mostrado.',
    ringingHome: (firstName: string) => `Chamando ${firstName || 'quem mora aqui'}... Aguarde, por favor.`,
    connectedHome: 'Você está falando com quem mora aqui.',
    homeDeclined: 'Ninguém pode atender a porta agora.',
    leaveMessageHome: 'Deixe uma mensagem curta para quem mora aqui.',
    /** FIND-07: quiet hours — no ringing; `until` is the owner's local time ("07:00"). */
    quiet: (until: string) => `O dono pediu para não ser chamado até ${until}. Você pode deixar uma mensagem.`,
    /** FIND-08: in-order ringing moved on to the tag's members (no names). */
    tryingAnother: 'Tentando outra pessoa...',
    /** FIND-11: a wristband's emergency numbers (`tel:` links), first when its owner marks the person as needing care. */
    emergencySamu: 'Emergência? Ligue 192 (SAMU)',
    emergencyBombeiros: 'Ligue 193 (Bombeiros)',
    emergencyLabel: 'Telefones de emergência',
    needsCare: 'Quem usa esta pulseira precisa de cuidados. Se a pessoa não estiver bem, ligue antes de qualquer outra coisa.',
    /** FIND-11: the medical card's fields the owner switched on. */
    medical: {
      heading: 'Ficha médica',
      conditions: 'Condições de saúde',
      allergies: 'Alergias',
      medication: 'Medicamentos em uso',
      bloodType: 'Tipo sanguíneo',
      healthPlan: 'Plano de saúde',
      paramedicNote: 'Recado para o socorro',
    },
    /** REL-06: the server could not be reached or its database is down; the page tries again by itself. */
    retrying: 'Não conseguimos falar com o servidor agora. Tentando de novo...',
  },
  owner: {
    idle: 'Nenhuma chamada no momento.',
    /** /call opened for a room that does not exist, that is not the user's, or that is over. */
    notFound: 'Chamada não encontrada ou já encerrada.',
    checking: 'Verificando a chamada...',
    from: (tagName: string) => `Toque: ${tagName}`,
    /**
     * CALL-17: the ringing screen's subject under 'está te chamando...': the tag and what happened
     * ('Coleira da Mel — alguém encontrou'; a doorbell's and a plate's caller is at the door).
     */
    subject: (where: string, productId: number) =>
      `${where} — ${productId === 2 ? 'alguém está na porta' : productId === 5 ? 'alguém está na portaria' : 'alguém encontrou'}`,
    /** CALL-17: the place while ringing, before the finder's phone has given a position (CALL-15: it may follow). */
    placePending: 'aguardando a localização de quem chamou',
    /** CALL-17: a position the geocoder could not name, written as coordinates. */
    coordinates: (latitude: number, longitude: number) =>
      `${latitude.toFixed(5).replace('.', ',')}; ${longitude.toFixed(5).replace('.', ',')}`,
    /** CALL-17: the end of an answered call — how long, where, and what next. */
    endedDuration: 'Duração da chamada',
    nextSteps: 'Próximos passos',
    seeMap: 'Ver no mapa',
    /** CALL-17: opens a conversation with the finder of this (answered) call, in Conversas. */
    writeToFinder: 'Escrever para quem chamou',
    writeFailed: 'Não foi possível abrir a conversa. Tente de novo.',
    answer: 'Atender',
    decline: 'Rejeitar',
    hangUp: 'Encerrar chamada',
    connecting: 'Conectando...',
    ended: 'Chamada encerrada.',
    /** The ICE configuration could not be fetched: without it the call could reveal the owner's address (SEC-07). */
    connectFailed: 'Não foi possível conectar a chamada. Verifique a sua conexão.',
    cancelled: {
      'answered-elsewhere': 'A chamada foi atendida em outro aparelho.',
      'caller-left': 'Quem chamou desistiu da chamada.',
      missed: 'Chamada não atendida: ninguém atendeu a tempo.',
      declined: 'Você recusou a chamada.',
    },
    loginToAnswer: 'Entre na sua conta para atender esta chamada.',
    login: 'Entrar',
    remoteVideo: 'Vídeo de quem chamou',
    /** FIND-04: the finder chose a voice-only call, or their camera stopped. */
    finderVoiceOnly: 'O visitante está só com voz: a câmera dele está desligada.',
    mute: 'Desligar microfone',
    unmute: 'Ligar microfone',
    selfView: 'Sua câmera',
    /** CALL-14: Atender sends the microphone only; the camera is the owner's choice, during the call. */
    cameraOn: 'Ligar câmera',
    cameraOff: 'Desligar câmera',
    cameraFailed: 'Não foi possível ligar a câmera. Libere o acesso à câmera e tente de novo.',
    selfVoiceOnly: 'Só voz: quem chamou não vê você.',
    /** CALL-14: how long the call has lasted (mm:ss). */
    duration: 'Duração',
    map: 'Mapa com a localização de quem chamou',
    marker: 'Localização de quem chamou',
    now: 'Agora',
    address: 'Local',
    fullAddress: 'Endereço',
    openMap: 'Abrir no mapa',
    loadingAddress: 'Carregando endereço...',
    backToDashboard: 'Voltar para a área logada',
    notificationTitle: 'Toque',
  },
  history: {
    menu: 'Chamadas',
    heading: 'Chamadas',
    intro: 'As chamadas que os seus Toques receberam.',
    empty: 'Nenhuma chamada recebida ainda.',
    loading: 'Carregando...',
    error: (message: string) => `Erro: ${message}`,
    when: 'Quando',
    tag: 'Toque',
    where: 'Onde',
    outcome: 'Situação',
    message: 'Mensagem',
    noMessage: '—',
    seeOnMap: 'Ver no mapa',
    noLocation: 'Sem localização',
    /** CALL-15: a message left on a switched-off tag (nothing rang), and the finder's way back. */
    messageOnly: 'Recado (Toque desativado)',
    callback: (contact: string) => `Contato para retorno: ${contact}`,
    /** FIND-13: the message left after the call is a conversation; the owner answers it there. */
    openConversation: 'Responder na conversa',
    status: {
      ringing: 'Chamando',
      answered: 'Atendida',
      declined: 'Recusada',
      missed: 'Não atendida',
      ended: 'Encerrada antes de atender',
    },
    enablePush: 'Receber chamadas com a aba fechada',
    pushEnabled: 'Notificações de chamadas ativadas neste navegador.',
    pushDenied: 'As notificações estão bloqueadas neste navegador. Libere nas configurações do site.',
    pushUnsupported: 'Este navegador não recebe notificações de chamadas.',
  },
  /** FIND-01 / FIND-02: scan alerts on the dashboard, in the history and on the edit page. */
  scans: {
    heading: 'Escaneamentos',
    intro: 'Quando alguém abre a página de um dos seus Toques.',
    empty: 'Nenhum escaneamento ainda.',
    lostMark: 'perdido',
    alertsToggle: 'Alertas de escaneamento',
    alertsHelp: 'Avisar quando alguém abrir a página deste Toque.',
    lostToggle: 'Perdido',
    lostHelp:
      'Quem encontrar verá a sua mensagem em destaque, e cada escaneamento avisa você na hora, também por e-mail.',
    lostMessage: 'Mensagem para quem encontrar',
    lostReward: 'Recompensa (opcional)',
    /** TAG-11: the reward as an amount in reais, beside the optional text. */
    lostRewardAmount: 'Valor da recompensa em R$ (opcional)',
    lostRewardAmountHint: 'Só o número, por exemplo 200 ou 150,50. Quem encontrar verá "R$ 200,00".',
    lostRewardTextHint: 'Um texto que acompanha o valor, se quiser (por exemplo: "e um abraço").',
  },
} as const;
