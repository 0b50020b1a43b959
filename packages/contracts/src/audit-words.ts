import { auditActions, type AuditEntry } from './admin';
import { firstName } from './names';

/**
 * ADM-10: an audit entry as a sentence — "Ana (admin) desativou o Toque X7HRZEX3 de Carlos Souza —
 * motivo: …". The screen adds the time; the same words are what the tests read.
 */
export function auditSentence(
  entry: Pick<
    AuditEntry,
    'action' | 'target' | 'actor_name' | 'actor_email' | 'target_owner_name' | 'before' | 'after'
  >,
): string {
  const actor = entry.actor_name ? `${firstName(entry.actor_name)} (admin)` : (entry.actor_email ?? 'O sistema');
  const [kind, id = ''] = entry.target.split(/:(.*)/s);
  const owner = entry.target_owner_name ? ` de ${entry.target_owner_name}` : '';
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const reason = typeof after.reason === 'string' && after.reason ? ` — motivo: ${after.reason}` : '';
  const tag = `o Toque ${id}${owner}`;
  switch (entry.action) {
    case 'tag.status':
      return after.is_active === false ? `${actor} desativou ${tag}${reason}` : `${actor} ativou ${tag}`;
    case 'tag.release':
      return `${actor} liberou ${tag}`;
    case 'tag.transfer':
      return `${actor} transferiu ${tag}`;
    case 'user.block':
      return `${actor} bloqueou a conta ${entry.target_owner_name ?? id}`;
    case 'user.unblock':
      return `${actor} desbloqueou a conta ${entry.target_owner_name ?? id}`;
    case 'export.excel':
      return `${actor} exportou a planilha de clientes`;
    case 'batch.mint':
      return `${actor} gerou um lote de códigos (${kind === 'batch' ? `lote ${id}` : entry.target})`;
    case 'condominium.create':
      return `${actor} ativou o condomínio ${typeof after.name === 'string' ? after.name : id}`;
    case 'unit.create':
      return `${actor} criou uma unidade (${entry.target})`;
    case 'units.bulk_create': {
      // CONDO-12: a síndico's step as much as an administrator's: named without the (admin) mark.
      const who = entry.actor_name ? firstName(entry.actor_name) : actor;
      const n = typeof after.units === 'number' ? after.units : 0;
      return `${who} criou ${n === 1 ? '1 unidade' : `${n} unidades`} de uma vez (${entry.target})`;
    }
    case 'charge.paid':
      // FIN-04: an administrator confirmed a Pix by the bank's end-to-end id.
      return `${actor} registrou o pagamento da cobrança ${typeof after.txid === 'string' ? after.txid : id}`;
    case 'billing.settings':
      // FIN-06: the plan prices and the trial.
      return `${actor} alterou os preços dos planos e o período de teste`;
    case 'plate.position': {
      // CONDO-17: the síndico placed the plate (or took its position away).
      const who = entry.actor_name ? firstName(entry.actor_name) : actor;
      return after.latitude === null || after.latitude === undefined
        ? `${who} retirou a posição da placa (${entry.target})`
        : `${who} posicionou a placa (${entry.target}), raio de ${String(after.radiusM)} m${after.required === true ? ', posição do visitante exigida' : ''}`;
    }
    case 'resident.remove':
      return `${actor} removeu um morador (${entry.target})`;
    default:
      return `${actor}: ${(auditActions as Record<string, string>)[entry.action] ?? entry.action} (${entry.target})`;
  }
}
