import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import {
  backupKind,
  dumpPglite,
  dumpPostgres,
  hasPgliteData,
  restorePglite,
  restorePostgres,
  tableCount,
  writeNewFile,
} from '../db/backup';
import { readLock, removeLock, writeLock } from '../lib/data-dir-lock';
import type { OperatorCommand } from '../modules/operator/commands';

/**
 * OPS-07: `npm run toque -- backup FILE` and `restore FILE [--force]`, on PostgreSQL (DATABASE_URL)
 * or the embedded PGlite (DATA_DIR). Says in Portuguese what it did; a refusal changes nothing and
 * exits with 1.
 */
export type Via = (port: number, token: string, command: OperatorCommand) => Promise<unknown>;

class Refusal extends Error {}

const size = (file: string) => `${Math.max(1, Math.round(statSync(file).size / 1024)).toLocaleString('pt-BR')} KB`;
const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** A path as the operator typed it: relative to where `npm run toque` was called (npm's INIT_CWD). */
const fromCaller = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function backup(config: Config, file: string, via: Via): Promise<string> {
  if (existsSync(file)) throw new Refusal(`O arquivo ${file} já existe: nada foi gravado. Escolha outro nome ou apague-o antes.`);
  if (config.databaseUrl) {
    await dumpPostgres(config.databaseUrl, file);
    return `Backup do PostgreSQL (banco ${databaseName(config.databaseUrl)}, pg_dump -Fc) gravado em ${file} (${size(file)}).`;
  }
  const held = readLock(config.dataDir);
  if (held && held.port > 0) {
    await via(held.port, held.operatorToken, { command: 'backup', file });
    return `Backup do banco embutido (PGlite em ${config.dataDir}) gravado em ${file} (${size(file)}), copiado pelo servidor em execução (pid ${held.pid}).`;
  }
  if (held) throw new Refusal(`Outro comando (pid ${held.pid}) está usando ${config.dataDir}. Tente de novo em instantes.`);
  if (!hasPgliteData(config.dataDir)) throw new Refusal(`Não há banco embutido em ${config.dataDir}: nada foi gravado.`);
  writeLock(config.dataDir, { pid: process.pid, port: 0, operatorToken: '' });
  try {
    // Opened as it is, not migrated: the backup is of the database as this installation left it.
    const client = await PGlite.create(config.dataDir);
    try {
      writeNewFile(file, await dumpPglite(client));
    } finally {
      await client.close();
    }
  } finally {
    removeLock(config.dataDir);
  }
  return `Backup do banco embutido (PGlite em ${config.dataDir}) gravado em ${file} (${size(file)}).`;
}

async function restore(config: Config, file: string, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new Refusal(`O arquivo ${file} não existe: nada foi restaurado.`);
  const kind = backupKind(file);
  if (!kind) throw new Refusal(`${file} não é um backup do Toque (nem pg_dump -Fc nem PGlite): nada foi restaurado.`);
  const forceHint = `Para substituí-lo pelo backup, use: npm run toque -- restore ${file} --force`;

  if (config.databaseUrl) {
    if (kind !== 'postgres') {
      throw new Refusal(`${file} é um backup do banco embutido (PGlite): restaure-o sem DATABASE_URL. Nada foi restaurado.`);
    }
    const name = databaseName(config.databaseUrl);
    const before = await tableCount(config.databaseUrl);
    if (before > 0 && !force) {
      throw new Refusal(`O banco ${name} não está vazio (${before} tabelas): nada foi restaurado. ${forceHint}`);
    }
    await restorePostgres(config.databaseUrl, file, before > 0);
    const after = await tableCount(config.databaseUrl);
    return (
      `Backup ${file} restaurado no PostgreSQL (banco ${name}, ${after} tabelas)` +
      (before > 0 ? `, substituindo as tabelas do backup que já existiam.` : '.')
    );
  }

  if (kind !== 'pglite') {
    throw new Refusal(`${file} é um backup do PostgreSQL (pg_dump -Fc): restaure-o com DATABASE_URL. Nada foi restaurado.`);
  }
  const held = readLock(config.dataDir);
  if (held) {
    throw new Refusal(
      `${held.port > 0 ? `O servidor (pid ${held.pid}, porta ${held.port})` : `Outro comando (pid ${held.pid})`} está usando ` +
        `${config.dataDir}: pare-o antes de restaurar. Nada foi restaurado.`,
    );
  }
  if (hasPgliteData(config.dataDir) && !force) {
    throw new Refusal(`Já há um banco embutido em ${config.dataDir}: nada foi restaurado. ${forceHint}`);
  }
  writeLock(config.dataDir, { pid: process.pid, port: 0, operatorToken: '' });
  let previous: string | undefined;
  try {
    ({ previous } = await restorePglite(config.dataDir, file));
  } finally {
    removeLock(config.dataDir);
    if (previous) removeLock(previous);
  }
  return (
    `Backup ${file} restaurado no banco embutido (PGlite em ${config.dataDir}).` +
    (previous ? ` O banco que estava lá foi guardado em ${previous}.` : '')
  );
}

/** Runs `backup`/`restore` when argv names one; undefined for any other command. */
export async function backupCommand(argv: string[], config: () => Config, via: Via): Promise<number | undefined> {
  const [name, ...rest] = argv;
  if (name !== 'backup' && name !== 'restore') return undefined;
  const files = rest.filter((arg) => arg !== '--force');
  if (files.length !== 1 || (name === 'backup' && rest.includes('--force'))) return undefined;
  const file = fromCaller(files[0]!);
  try {
    console.log(name === 'backup' ? await backup(config(), file, via) : await restore(config(), file, rest.includes('--force')));
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.message);
    return 1;
  }
}
