import { auditActions, type AuditEntry } from './admin';
import { firstName } from './names';

/** Portuguese contractions: 'de' + 'o condomínio' is 'do condomínio', 'em' + 'a unidade' 'na unidade'. */
const contract = (prep: 'de' | 'em', phrase: string) => {
  const [article = '', ...rest] = phrase.split(' ');
  const joined = { de: { o: 'do', a: 'da' }, em: { o: 'no', a: 'na' } }[prep][article as 'o' | 'a'];
  return joined ? [joined, ...rest].join(' ') : `${prep} ${phrase}`;
};
const de = (phrase: string) => contract('de', phrase);
const em = (phrase: string) => contract('em', phrase);

/**
 * ADM-10: an audit entry as a sentence — "Ana (admin) desativou o Toque X7HRZEX3 de Carlos Souza —
 * motivo: …". The screen adds the time; the same words are what the tests read.
 */
export function auditSentence(
  entry: Pick<
    AuditEntry,
    'action' | 'target' | 'actor_name' | 'actor_email' | 'target_owner_name' | 'before' | 'after'
  > &
    Partial<Pick<AuditEntry, 'target_unit_name' | 'target_condominium_name'>>,
): string {
  const actor = entry.actor_name ? `${firstName(entry.actor_name)} (admin)` : (entry.actor_email ?? 'O sistema');
  const [kind, id = ''] = entry.target.split(/:(.*)/s);
  // A building and a unit by their names, never 'condominium:2' (ADM-10); a gone one by its number.
  const condo = entry.target_condominium_name ? `o condomínio ${entry.target_condominium_name}` : null;
  const building = condo ?? (kind === 'condominium' ? `o condomínio nº ${id}` : 'um condomínio');
  const unitName = entry.target_unit_name ?? (typeof entry.after === 'object' && entry.after && typeof (entry.after as { name?: unknown }).name === 'string' ? (entry.after as { name: string }).name : null);
  const unit = unitName ? `a unidade ${unitName}` : kind === 'unit' ? `a unidade nº ${id}` : 'uma unidade';
  const unitOf = condo ? `${unit} ${de(condo)}` : unit;
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
      return `${actor} criou ${unitOf}`;
    case 'units.bulk_create': {
      // CONDO-12: a síndico's step as much as an administrator's: named without the (admin) mark.
      const who = entry.actor_name ? firstName(entry.actor_name) : actor;
      const n = typeof after.units === 'number' ? after.units : 0;
      return `${who} criou ${n === 1 ? '1 unidade' : `${n} unidades`} de uma vez ${em(building)}`;
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
        ? `${who} retirou a posição da placa ${de(building)}`
        : `${who} posicionou a placa ${de(building)}, raio de ${String(after.radiusM)} m${after.required === true ? ', posição do visitante exigida' : ''}`;
    }
    case 'resident.remove':
      return `${actor} removeu um morador ${de(unitOf)}`;
    default:
      return `${actor}: ${(auditActions as Record<string, string>)[entry.action] ?? entry.action}`;
  }
}
