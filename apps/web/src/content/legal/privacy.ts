import {
  DELIVERY_PHOTO_RETENTION_DAYS,
  DELIVERY_RETENTION_DAYS,
  FINDER_IP_RETENTION_DAYS,
  FINDER_LOCATION_RETENTION_DAYS,
  GATE_OPENING_RETENTION_DAYS,
  VISITOR_PASS_RETENTION_DAYS,
} from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import { company } from '../config';
import type { LegalDocument } from './types';

const cnpj = company.cnpj ? `, inscrita no CNPJ sob o nº ${company.cnpj}` : '';

/** LEG-01: privacy policy under the LGPD (Lei nº 13.709/2018). */
export const privacyPolicy: LegalDocument = {
  title: ui.site.headings.privacy,
  updatedAt: 'Última atualização: 29 de novembro de 2026',
  intro: [
    `Esta Política de Privacidade explica como a ${company.legalName}${cnpj}, com sede em ${company.address} ` +
      '("Toque", "nós"), trata os dados pessoais de quem visita o site, cria uma conta, usa os produtos Toque ' +
      'ou faz uma chamada ao escanear um QR Code, em conformidade com a Lei Geral de Proteção de Dados Pessoais ' +
      '(Lei nº 13.709/2018, "LGPD").',
    'Ao usar o site, o aplicativo ou os produtos Toque, você declara que leu e entendeu esta Política. Ela deve ' +
      'ser lida junto com os Termos e Condições de Uso.',
  ],
  sections: [
    {
      id: 'controlador',
      title: '1. Quem é o controlador dos seus dados',
      blocks: [
        `A ${company.legalName} é a controladora dos dados pessoais tratados na plataforma Toque. Dúvidas, ` +
          `pedidos e reclamações sobre privacidade podem ser enviados ao nosso Encarregado pelo Tratamento de ` +
          `Dados Pessoais pelo e-mail ${company.privacyEmail}.`,
      ],
    },
    {
      id: 'dados-coletados',
      title: '2. Dados que coletamos',
      blocks: [
        'Coletamos apenas os dados necessários para que o Toque funcione, de acordo com quem você é na plataforma:',
        {
          list: [
            'Clientes (titulares de conta): nome, e-mail, telefone, CPF ou CNPJ, senha (guardada apenas de forma ' +
              'criptografada, com hash), os códigos dos Toques vinculados, os nomes e as informações importantes ' +
              'que você cadastra em cada Toque, a foto que você envia para a página de quem encontra (guardada ' +
              'sem os metadados da câmera, como a localização em que foi tirada), o que você escolhe mostrar ' +
              'nessa página, os horários de silêncio e a ordem de chamada, e as pessoas com quem você os ' +
              'compartilha.',
            'Moradores e síndicos de condomínio: além dos dados de cliente, a unidade a que pertencem e, para o ' +
              'síndico, o e-mail informado na ativação do condomínio; os avisos de entrega da unidade (empresa, ' +
              'data e hora, quem marcou como retirada e, se o entregador enviar, a foto do pacote, vista só ' +
              'pelos moradores da unidade e guardada sem os metadados da câmera) e os passes de visitante que criam (o primeiro nome do ' +
              'visitante e o período do passe).',
            'Quem encontra um Toque e faz uma chamada: a imagem e o som da videochamada (transmitidos em tempo ' +
              'real e não gravados), a localização aproximada do celular, quando a pessoa permite, o endereço IP, ' +
              'o tipo de navegador e, se deixada, a mensagem de texto para o dono. Se a pessoa escolher escrever, ' +
              'a conversa (as mensagens e a localização que ela decidir enviar), ligada a um link privado guardado ' +
              'no navegador dela, sem conta. Na placa de um condomínio que só toca na porta, a localização é usada ' +
              'apenas para conferir a distância da porta.',
            'Registros das chamadas: data, hora, Toque chamado, localização enviada, se a chamada foi atendida ' +
              'ou perdida, e por quem foi atendida.',
            'Dados técnicos: registros de acesso exigidos pelo Marco Civil da Internet (Lei nº 12.965/2014), a ' +
              'inscrição para notificações do navegador ou do aplicativo e o token de sessão guardado no seu ' +
              'navegador.',
            'Dados de pagamento: as cobranças por Pix (valor, vencimento, data do pagamento e o identificador da ' +
              'transação); os dados bancários de quem paga ficam com o banco dele e com a nossa instituição de ' +
              'pagamento.',
          ],
        },
        'Não usamos cookies de publicidade nem rastreadores de terceiros. Os vídeos do site só carregam o player ' +
          'do YouTube (em modo de privacidade reforçada) quando você clica para assistir.',
      ],
    },
    {
      id: 'finalidades',
      title: '3. Para que usamos os dados e com qual base legal',
      blocks: [
        {
          list: [
            'Prestar o serviço contratado: criar e manter a sua conta, vincular Toques, completar chamadas e ' +
              'mostrar a localização de quem encontrou (execução de contrato, art. 7º, V, da LGPD).',
            'Proteger a vida e a integridade física de pessoas e animais encontrados, inclusive exibindo as ' +
              'informações importantes que você escolheu mostrar (proteção da vida, art. 7º, VII, e art. 11, II, ' +
              '"e", para dados de saúde).',
            'Cobrar as licenças, emitir documentos fiscais e cumprir obrigações legais e regulatórias (art. 7º, II).',
            'Prevenir fraudes, abusos e chamadas indevidas, com limites de uso e registros de segurança ' +
              '(legítimo interesse, art. 7º, IX).',
            'Enviar avisos sobre a sua conta, chamadas perdidas e mudanças no serviço. Comunicações de marketing ' +
              'só com o seu consentimento, que pode ser retirado a qualquer momento (art. 7º, I).',
          ],
        },
      ],
    },
    {
      id: 'compartilhamento',
      title: '4. Com quem compartilhamos',
      blocks: [
        'Não vendemos dados pessoais. Compartilhamos somente o necessário, com:',
        {
          list: [
            'Quem encontra o seu Toque: apenas o primeiro nome do Toque e as informações importantes que você ' +
              'decidiu mostrar. O seu telefone, e-mail, sobrenome e endereço nunca são compartilhados.',
            'Você e as pessoas com quem você compartilhou o Toque (ou os moradores da unidade, no caso de ' +
              'condomínios): a imagem, o som, a localização e as mensagens de quem chamou ou escreveu. Quem ' +
              'escreve para a unidade de um condomínio recebe as respostas assinadas pela unidade, sem o nome do ' +
              'morador.',
            'Prestadores de serviço que operam para nós, sob contrato e com dever de sigilo: hospedagem e banco de ' +
              'dados, envio de e-mails e notificações, servidores de retransmissão de chamadas, mapas e ' +
              'geolocalização reversa, e processamento de pagamentos.',
            'Autoridades públicas, quando houver ordem judicial ou obrigação legal, e para a defesa dos nossos ' +
              'direitos em processos.',
          ],
        },
        'Quando algum prestador armazenar dados fora do Brasil, a transferência seguirá o art. 33 da LGPD, com ' +
          'cláusulas contratuais que garantam o mesmo nível de proteção.',
      ],
    },
    {
      id: 'retencao',
      title: '5. Por quanto tempo guardamos',
      blocks: [
        'Guardamos os dados da sua conta, dos seus Toques e do histórico de chamadas enquanto os Termos e ' +
          'Condições de Uso estiverem em vigor e por 5 (cinco) anos depois do seu término, prazo necessário ao ' +
          'cumprimento de obrigações legais e ao exercício de direitos em processos judiciais, administrativos ou ' +
          'arbitrais (art. 16 da LGPD).',
        `A localização de quem encontrou um Toque e fez uma chamada é apagada do registro da chamada ` +
          `${FINDER_LOCATION_RETENTION_DAYS} dias depois da chamada. O endereço IP de quem chamou é apagado ` +
          `${FINDER_IP_RETENTION_DAYS} dias depois, passados os 6 (seis) meses em que o Marco Civil da Internet ` +
          '(art. 15) exige guardar os registros de acesso. O restante do registro da chamada (data, hora, Toque ' +
          'chamado, resultado e mensagem) segue o prazo acima.',
        // The numbers and the button names are those of the contracts (privacy.test.ts pins them); not
        // imported here, where they would bring zod into the legal page's chunk.
        'Uma conversa se encerra depois de 30 dias sem mensagens e é apagada 180 dias depois da última ' +
          'mensagem; até lá, a localização e o endereço IP de quem escreveu seguem os mesmos prazos das chamadas.',
        'Uma mensagem de voz ou de vídeo gravada por quem encontrou, depois de uma chamada não atendida, faz parte ' +
          'da conversa e é apagada com ela; a cópia dos seus dados a traz como um item da conversa, sem a gravação.',
        `A foto de um pacote é apagada ${DELIVERY_PHOTO_RETENTION_DAYS} dias depois do aviso de entrega, e o ` +
          `aviso, ${DELIVERY_RETENTION_DAYS} dias depois. Um passe de visitante é apagado ` +
          `${VISITOR_PASS_RETENTION_DAYS} dias depois de vencido ou revogado.`,
        'Cada abertura do portão de um condomínio pela Toque (quem abriu, a unidade, quando e o resultado) fica no ' +
          `registro do prédio, que o síndico vê, e é apagada ${GATE_OPENING_RETENTION_DAYS} dias depois.`,
        'Durante a videochamada, quando o serviço usa um servidor de retransmissão, a imagem e o som passam por ' +
          'ele, e quem chama e quem atende não ficam sabendo o endereço IP um do outro.',
        'Registros de acesso são mantidos pelo prazo mínimo do Marco Civil da Internet. A imagem e o som das ' +
          'chamadas não são gravados. Passados os prazos, os dados são eliminados ou anonimizados.',
      ],
    },
    {
      id: 'direitos',
      title: '6. Seus direitos como titular',
      blocks: [
        'A LGPD (art. 18) garante a você, a qualquer momento e de graça:',
        {
          list: [
            'confirmação de que tratamos os seus dados e acesso a eles;',
            'correção de dados incompletos, inexatos ou desatualizados;',
            'anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desacordo ' +
              'com a lei;',
            'portabilidade dos dados a outro fornecedor, mediante requisição expressa;',
            'eliminação dos dados tratados com base no consentimento, salvo as hipóteses legais de guarda;',
            'informação sobre as entidades com as quais compartilhamos os seus dados;',
            'informação sobre a possibilidade de não dar consentimento e sobre as consequências da negativa;',
            'revogação do consentimento;',
            'revisão de decisões tomadas unicamente com base em tratamento automatizado;',
            'oposição a tratamento feito em desacordo com a lei.',
          ],
        },
        'Em Minha Conta, "Baixar meus dados" entrega de uma vez uma cópia do que guardamos sobre você (um ' +
          'documento legível e o arquivo JSON, para levar a outro fornecedor), e "Excluir minha conta" apaga a ' +
          'conta; as duas pedem a sua senha.',
        `Para exercer esses direitos, escreva para ${company.privacyEmail}. Respondemos em até 15 (quinze) dias. ` +
          'Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
      ],
    },
    {
      id: 'seguranca',
      title: '7. Segurança',
      blocks: [
        'Usamos conexões criptografadas, senhas guardadas com hash forte, chamadas ponto a ponto criptografadas, ' +
          'controle de acesso por perfil e limites contra abusos. Nenhum sistema é totalmente invulnerável: se ' +
          'ocorrer um incidente que possa causar risco ou dano relevante, avisaremos você e a ANPD.',
      ],
    },
    {
      id: 'criancas',
      title: '8. Crianças, adolescentes e dados de saúde',
      blocks: [
        'A conta Toque é de um adulto responsável. As informações sobre crianças, adolescentes ou pessoas ' +
          'assistidas que você cadastra em uma pulseira são tratadas no melhor interesse delas (art. 14 da ' +
          'LGPD) e só são mostradas a quem encontra se você ativar essa opção. Cadastre apenas o necessário para ' +
          'que a pessoa seja ajudada.',
        'A ficha médica de uma pulseira (condições de saúde, alergias, medicamentos, tipo sanguíneo, plano de ' +
          'saúde e um recado para o socorro) é dado pessoal sensível (art. 11 da LGPD): cada item só aparece para ' +
          'quem encontra se você o ativar, só o dono da pulseira a vê e altera, ela vai na cópia dos seus dados e ' +
          'é apagada com a pulseira.',
      ],
    },
    {
      id: 'alteracoes',
      title: '9. Alterações desta Política',
      blocks: [
        'Podemos atualizar esta Política para refletir mudanças no serviço ou na lei. Mudanças relevantes serão ' +
          'avisadas por e-mail ou no aplicativo antes de entrarem em vigor. A data da última atualização fica no ' +
          'topo desta página.',
      ],
    },
    {
      id: 'contato',
      title: '10. Contato',
      blocks: [`${company.legalName} · ${company.address} · E-mail: ${company.email} · Telefone: ${company.phone}.`],
    },
  ],
};
