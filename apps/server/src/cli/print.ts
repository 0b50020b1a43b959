import { productLabel } from '@toque/contracts/constants';
import { mailMsg } from '@toque/contracts/mail';

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string | Date;
  sentAt: string | Date | null;
  status?: string;
  attempts?: number;
  lastError?: string | null;
}

/** Where a mail stands: the embedded outbox is its own delivery; SMTP mails are queued, sent or given up. */
function mailState(m: Mail): string {
  switch (m.status) {
    case 'queued':
      return `  (na fila do SMTP, ${m.attempts ?? 0} tentativa(s)${m.lastError ? `: ${m.lastError}` : ''})`;
    case 'failed':
      return `  (não enviado por SMTP: ${m.lastError ?? 'erro'})`;
    case 'sent':
      return '  (enviado por SMTP)';
    default:
      return m.sentAt ? '  (enviado por SMTP)' : '';
  }
}
interface SeedResult {
  password: string;
  admin: { email: string };
  customer: { email: string };
  sindico: { email: string };
  resident: { email: string };
  sindicoPlate: string;
  sindicoUnits: { name: string | null; associationCode: string }[];
  owned: string[];
  units: { name: string | null; associationCode: string }[];
  unclaimed: { productId: number; code: string }[];
}

/** Prints a command's result for a person; `mint` prints only the codes, one per line, for scripts. */
export function printResult(command: string, result: unknown): void {
  switch (command) {
    case 'mint':
      for (const code of (result as { codes: string[] }).codes) console.log(code);
      return;
    case 'outbox': {
      const mails = result as Mail[];
      if (mails.length === 0) console.log('(caixa de saída vazia)');
      for (const m of mails) {
        console.log(`--- ${new Date(m.createdAt).toISOString()}  para: ${m.to}${mailState(m)}`);
        console.log(`Assunto: ${m.subject}\n\n${m.text || mailMsg.clearedAfterSending}\n`);
      }
      return;
    }
    case 'set-active': {
      const tag = result as { code: string; isActive: boolean };
      console.log(`${tag.code} ${tag.isActive ? 'ativo' : 'inativo'}`);
      return;
    }
    case 'set-due': {
      const tag = result as { code: string; planDueAt: Date | string | null };
      console.log(`${tag.code} vence em ${tag.planDueAt ? new Date(tag.planDueAt).toISOString() : '-'}`);
      return;
    }
    case 'set-block': {
      const unit = result as { code: string; name: string | null; block: string | null };
      console.log(`${unit.code} ${unit.name ?? 'temporária'}: ${unit.block ?? 'sem bloco'}`);
      return;
    }
    case 'create-admin':
      console.log(`Administrador pronto: ${(result as { email: string }).email}`);
      return;
    case 'seed-demo': {
      const r = result as SeedResult;
      console.log('Dados de demonstração criados.');
      console.log(`  Administrador: ${r.admin.email} / ${r.password}`);
      console.log(`  Cliente:       ${r.customer.email} / ${r.password}  (toques: ${r.owned.join(', ')})`);
      console.log(`  Unidades do condomínio (código de associação): ${r.units.map((u) => `${u.name}=${u.associationCode}`).join(', ')}`);
      console.log(`  Síndica:       ${r.sindico.email} / ${r.password}  (placa ${r.sindicoPlate}: /dashboard/meus-produtos/apartamentos/${r.sindicoPlate})`);
      console.log(`  Morador:       ${r.resident.email} / ${r.password}`);
      console.log(
        `  Unidades do Residencial Jacarandá: ${r.sindicoUnits.map((u) => `${u.name ?? 'temporária'}=${u.associationCode}`).join(', ')}`,
      );
      printResult('unclaimed', r.unclaimed);
      return;
    }
    case 'unclaimed': {
      const codes = result as { productId: number; code: string }[];
      if (codes.length === 0) return;
      console.log('  Códigos livres para testar o cadastro (/onboarding/CÓDIGO):');
      for (const c of codes) console.log(`    ${c.code}  ${productLabel(c.productId)}`);
      return;
    }
    default:
      console.log(JSON.stringify(result, null, 2));
  }
}
