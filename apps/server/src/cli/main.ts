/**
 * The operator CLI: `npm run toque -- <command>`.
 *
 * With DATABASE_URL it talks to PostgreSQL directly (many processes may). On the embedded PGlite
 * directory, which only one process may open, it goes through the running server when one holds
 * the directory (a loopback-only endpoint guarded by the secret in the server's lock file), and
 * opens the directory itself only when no server does — holding the lock meanwhile.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { readLock, removeLock, writeLock } from '../lib/data-dir-lock';
import { runOperatorCommand, type OperatorCommand } from '../modules/operator/commands';
import { operatorService } from '../modules/operator/service';
import { backupCommand } from './backup';
import { printResult } from './print';

const usage = `Uso: npm run toque -- <comando>

  create-admin <email> <senha> <nome>   cria (ou promove) um administrador
  mint <productId> <quantidade>         gera códigos novos (1 Pulseira, 2 Campainha, 3 Pet, 4 Objeto, 5 Condomínio)
  outbox [quantidade]                   mostra os e-mails do carteiro embutido, do mais novo ao mais velho
  seed-demo [--if-empty]                cria os dados de demonstração
  set-active <código> <on|off>          ativa ou desativa um toque (um toque inativo não recebe chamadas)
  set-block <código da unidade> <bloco|->  põe a unidade num bloco ou torre ('Bloco B'); '-' tira do bloco
  set-due <código> <dias>               vencimento do plano daqui a <dias> (negativo: em atraso; abaixo de -30, suspenso)
  backup <arquivo>                      grava uma cópia do banco (PostgreSQL: pg_dump -Fc; embutido: cópia do PGlite)
  restore <arquivo> [--force]           restaura um backup num banco vazio (--force: substitui o que houver)
`;

function parse(argv: string[]): { command: OperatorCommand; ifEmpty: boolean } | undefined {
  const [name, ...rest] = argv;
  switch (name) {
    case 'create-admin': {
      const [email, password, ...nameParts] = rest;
      if (!email || !password || nameParts.length === 0) return undefined;
      return { command: { command: 'create-admin', email, password, name: nameParts.join(' ') }, ifEmpty: false };
    }
    case 'mint': {
      const [productId, count] = rest.map(Number);
      if (!Number.isInteger(productId) || !Number.isInteger(count)) return undefined;
      return { command: { command: 'mint', productId: productId!, count: count! }, ifEmpty: false };
    }
    case 'outbox': {
      const limit = rest[0] ? Number(rest[0]) : undefined;
      return { command: { command: 'outbox', ...(limit ? { limit } : {}) }, ifEmpty: false };
    }
    case 'seed-demo':
      return { command: { command: 'seed-demo' }, ifEmpty: rest.includes('--if-empty') };
    case 'set-active': {
      const [code, state] = rest;
      if (!code || (state !== 'on' && state !== 'off')) return undefined;
      return { command: { command: 'set-active', code, active: state === 'on' }, ifEmpty: false };
    }
    case 'set-due': {
      const [code, days] = rest;
      if (!code || !days || !/^-?\d{1,4}$/.test(days)) return undefined;
      return { command: { command: 'set-due', code, days: Number(days) }, ifEmpty: false };
    }
    case 'set-block': {
      const [unitCode, ...words] = rest;
      const block = words.join(' ').trim();
      if (!unitCode || !block) return undefined;
      return { command: { command: 'set-block', unitCode, block: block === '-' ? null : block }, ifEmpty: false };
    }
    default:
      return undefined;
  }
}

async function viaServer(port: number, token: string, command: OperatorCommand): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/api/operator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token },
    body: JSON.stringify(command),
  });
  const body = (await res.json()) as { result?: unknown; error?: string; message?: string };
  if (!res.ok || body.error) throw new Error(body.error ?? body.message ?? `HTTP ${res.status}`);
  return body.result;
}

async function main() {
  const backup = await backupCommand(process.argv.slice(2), () => loadConfig(), viaServer);
  if (backup !== undefined) process.exit(backup);
  const parsed = parse(process.argv.slice(2));
  if (!parsed) {
    process.stderr.write(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const { command } = parsed;
  const embedded = !config.databaseUrl;

  if (embedded) {
    const held = readLock(config.dataDir);
    if (held && held.port > 0) {
      if (parsed.ifEmpty) {
        console.log('O servidor já está usando este banco; dados de demonstração não foram recriados.');
        return;
      }
      printResult(command.command, await viaServer(held.port, held.operatorToken, command));
      return;
    }
    if (held) {
      console.error(`Outro comando (pid ${held.pid}) está usando ${config.dataDir}. Tente de novo em instantes.`);
      process.exit(1);
    }
    writeLock(config.dataDir, { pid: process.pid, port: 0, operatorToken: '' });
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    deadlines: config.deadlines,
  });
  try {
    if (parsed.ifEmpty && !(await operatorService.isEmpty(database.db))) {
      const codes = await operatorService.unclaimedCodes(database.db);
      console.log('Banco já existente: dados de demonstração mantidos.');
      printResult('unclaimed', codes);
      return;
    }
    printResult(command.command, await runOperatorCommand(database.db, command));
  } finally {
    await database.close();
    if (embedded) removeLock(config.dataDir);
  }
}

main().catch((error: Error) => {
  console.error(`Erro: ${error.message}`);
  process.exit(1);
});
