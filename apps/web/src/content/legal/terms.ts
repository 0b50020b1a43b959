import { ui } from '@toque/contracts/ui';
import { company } from '../config';
import type { LegalDocument } from './types';

const cnpj = company.cnpj ? `, inscrita no CNPJ sob o nº ${company.cnpj}` : '';

/** LEG-02: terms of use, loan (comodato) of the product and monthly licences. */
export const termsOfUse: LegalDocument = {
  title: ui.site.headings.terms,
  updatedAt: 'Última atualização: 28 de novembro de 2026',
  intro: [
    `Estes Termos e Condições de Uso regulam a relação entre a ${company.legalName}${cnpj}, com sede em ` +
      `${company.address} ("Toque"), e a pessoa física ou jurídica que cria uma conta e usa os produtos e o ` +
      'serviço Toque ("Cliente").',
    'Ao criar a conta, ativar um Toque ou usar o aplicativo, o Cliente declara que leu, entendeu e aceita ' +
      'estes Termos e a Política de Privacidade. Se não concordar, não use o serviço.',
  ],
  sections: [
    {
      id: 'objeto',
      title: '1. O serviço',
      blocks: [
        'O Toque oferece etiquetas inteligentes com QR Code (pulseira, plaquinha para coleira, etiqueta para ' +
          'objetos e placa de campainha para residências e condomínios) ligadas a uma plataforma que permite a ' +
          'quem encontra a pessoa, o animal ou o objeto, ou a quem está no portão, fazer uma videochamada ao ' +
          'Cliente sem conhecer o seu telefone.',
        'O serviço depende de conexão à internet, de energia e de permissões nos celulares de quem chama e de ' +
          'quem recebe. O Toque é uma ferramenta de apoio e não substitui a supervisão de crianças, idosos e ' +
          'animais, nem serviços de emergência (190, 192, 193).',
      ],
    },
    {
      id: 'conta',
      title: '2. Conta e informações verdadeiras',
      blocks: [
        'O Cliente deve ser maior de 18 anos ou estar representado, e informar dados verdadeiros, completos e ' +
          'atualizados. É responsável por guardar a sua senha e por tudo o que for feito com a sua conta.',
        'Contas criadas com informações falsas, com dados de terceiros sem autorização ou em nome de outra pessoa ' +
          'serão excluídas, com a desativação dos Toques vinculados, sem prejuízo das medidas legais cabíveis.',
      ],
    },
    {
      id: 'comodato',
      title: '3. Comodato do produto',
      blocks: [
        'O produto físico (pulseira, plaquinha, etiqueta ou placa) é entregue ao Cliente em comodato, isto é, ' +
          'em empréstimo gratuito de uso, nos termos dos arts. 579 a 585 do Código Civil. A propriedade continua ' +
          'sendo do Toque.',
        {
          list: [
            'O comodato tem prazo de 12 (doze) meses, contados da ativação do produto.',
            'Ao fim de cada período, o contrato é renovado automaticamente por novos 12 (doze) meses, nas mesmas ' +
              'condições, salvo se uma das partes avisar que não quer renovar.',
            'O Cliente ou o Toque pode encerrar o contrato mediante aviso prévio de 10 (dez) dias.',
          ],
        },
        'O Cliente deve conservar o produto, usá-lo apenas para a sua finalidade e não o ceder, vender ou alugar ' +
          'a terceiros.',
      ],
    },
    {
      id: 'licencas',
      title: '4. Licenças mensais e pagamento',
      blocks: [
        'O uso da plataforma é cobrado por licença mensal, por produto: Pulseira R$ 54,90, Coleira R$ 29,90, ' +
          'Objeto R$ 11,90 e Residência ou Condomínio R$ 19,90. Em condomínios, cada apartamento precisa da sua ' +
          'própria licença.',
        {
          list: [
            'Cada licença é válida por 30 (trinta) dias a partir do pagamento.',
            'Não há reembolso proporcional (pro rata) de licença já paga, inclusive em caso de cancelamento antes ' +
              'do fim dos 30 (trinta) dias; o serviço continua disponível até o fim do período pago.',
            'Os preços podem ser reajustados, com aviso de pelo menos 30 (trinta) dias antes da cobrança seguinte.',
          ],
        },
      ],
    },
    {
      id: 'inadimplencia',
      title: '5. Atraso e mau uso',
      blocks: [
        'O produto deixa de funcionar — o QR Code não completa mais chamadas — quando o pagamento estiver em ' +
          'atraso há mais de 30 (trinta) dias, ou quando for constatado mau uso, como o uso para trotes, ' +
          'assédio, vigilância de pessoas sem o seu conhecimento ou qualquer finalidade ilícita.',
        'Para que ninguém fique sem ajuda, um produto em atraso que esteja marcado como perdido continua ' +
          'recebendo chamadas; fora do modo perdido, a página do QR Code continua mostrando as informações ' +
          'cadastradas e aceitando mensagens para o Cliente, sem mencionar o atraso.',
        'Com o pagamento em dia, o serviço é reativado no mesmo momento; com o fim do mau uso, pode ser reativado.',
      ],
    },
    {
      id: 'fraude',
      title: '6. Suspensão e cancelamento por fraude',
      blocks: [
        'O Toque pode suspender ou cancelar a conta e os produtos do Cliente, imediatamente e sem aviso prévio, ' +
          'quando houver indício de fraude, como pagamentos contestados indevidamente, uso de códigos de ' +
          'terceiros, falsificação de QR Codes ou tentativa de burlar os limites da plataforma.',
      ],
    },
    {
      id: 'perda-dano',
      title: '7. Perda, dano e multa',
      blocks: [
        'Em caso de perda, extravio, furto ou dano ao produto causado pelo Cliente, ele deve avisar o Toque pelo ' +
          'aplicativo ou pelo WhatsApp para que o código seja desativado.',
        'Pela perda ou pelo dano do produto em comodato será cobrada do Cliente uma multa equivalente ao valor de ' +
          'reposição do produto vigente na loja online, que inclui a emissão de um novo QR Code.',
      ],
    },
    {
      id: 'cancelamento',
      title: '8. Cancelamento',
      blocks: [
        'O cancelamento é feito pelo Cliente no aplicativo Toque, respeitando o aviso prévio de 10 (dez) dias. ' +
          'Ao final, os Toques do Cliente são desativados e os dados seguem a Política de Privacidade.',
        'Compras feitas pela loja online podem ser desistidas em até 7 (sete) dias do recebimento, conforme o ' +
          'art. 49 do Código de Defesa do Consumidor.',
      ],
    },
    {
      id: 'responsabilidades',
      title: '9. Responsabilidades',
      blocks: [
        {
          list: [
            'O Toque se compromete a manter a plataforma disponível e segura, a proteger os dados pessoais e a ' +
              'atender o Cliente das 8:00 às 21:00 pelos canais de contato.',
            'O Toque não responde por falhas de conexão, de operadoras, de aparelhos ou de permissões que ' +
              'impeçam a chamada, nem pela conduta de quem encontra o produto.',
            'O Cliente é responsável pelas informações importantes que cadastra e por quem convida para receber ' +
              'as chamadas.',
          ],
        },
      ],
    },
    {
      id: 'alteracoes',
      title: '10. Alterações dos Termos',
      blocks: [
        'Estes Termos podem ser atualizados. Mudanças relevantes serão avisadas por e-mail ou no aplicativo com ' +
          'antecedência; continuar usando o serviço depois da data de vigência significa aceitá-las.',
      ],
    },
    {
      id: 'foro',
      title: '11. Lei aplicável e foro',
      blocks: [
        'Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da Comarca de ' +
          'Belo Horizonte, Minas Gerais, para resolver qualquer questão deles decorrente, ressalvado ao ' +
          'consumidor o direito de propor a ação no foro do seu domicílio.',
      ],
    },
    {
      id: 'contato',
      title: '12. Contato',
      blocks: [
        `${company.legalName} · ${company.address} · E-mail: ${company.email} · Telefone: ${company.phone} · ` +
          'Atendimento das 8:00 às 21:00.',
      ],
    },
  ],
};
