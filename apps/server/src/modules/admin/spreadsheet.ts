import { planStatus, planWords } from '@toque/contracts/billing';
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { productLabel } from '@toque/contracts/constants';
import type { Db } from '../../db/client';
import { adminRepository } from './repository';

/** Clients read per query: the workbook is written as the rows arrive, never held whole (PERF-04). */
const EXPORT_BATCH = 1000;

export const spreadsheetColumns = [
  'Cliente',
  'E-mail',
  'CPF/CNPJ',
  'Telefone',
  'Toques',
  'Códigos',
  'Tipos',
  'Status',
  'Criado em',
];

/** ADM-12: the sheet names, and the tags sheet's columns (a row per tag, so it can be filtered). */
export const sheetNames = { clients: 'Clientes', tags: 'Toques' } as const;
export const tagColumns = [
  'Código',
  'Produto',
  'Nome do Toque',
  'Status',
  'Modo perdido',
  'Dono',
  'E-mail do dono',
  'CPF/CNPJ do dono',
  'Lote',
  'Criado em',
  'Desativado em',
  // FIN-06: the plan.
  'Plano',
  'Vencimento do plano',
  'Situação do plano',
];

/** ADM-12: a tag's state in words: not yet claimed, or its switch. */
function tagState(t: { isActive: boolean; ownerEmail: string | null }): string {
  if (!t.isActive) return 'Inativo';
  return t.ownerEmail === null ? 'Não vinculado' : 'Ativo';
}

/**
 * Formula injection (ADM-04): a cell that a spreadsheet program could read as a formula — starting
 * with `=`, `+`, `-`, `@`, tab or carriage return — is written as text, behind a leading quote.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type Backed = { _writableState?: { needDrain?: boolean } } & NodeJS.EventEmitter;

/**
 * Backpressure, so memory stays flat: a slow download — or the zip's deflate falling behind — pauses
 * the reading. exceljs' streaming writer pushes each worksheet's XML into its zip entry without
 * waiting (measured: 250 MB of buffers for 300,000 rows without this), so we wait on that entry's
 * input stream (`_stream.pipes`, exceljs' own StreamBuf; a private field of exceljs 4.4) and on the
 * response. A closed response stops the export.
 */
async function caughtUp(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const entry = (sheet as unknown as { _stream?: { pipes?: Backed[] } })._stream?.pipes ?? [];
  for (const stream of [...entry, out as unknown as Backed]) {
    while (stream._writableState?.needDrain) {
      if (out.destroyed) throw new Error('the download was closed');
      // The losing `once` is aborted, so no listener is left behind on `out` per wait.
      const waiting = new AbortController();
      await Promise.race([
        once(stream, 'drain', { signal: waiting.signal }),
        once(out, 'close', { signal: waiting.signal }),
      ]).finally(() => waiting.abort());
    }
  }
  if (out.destroyed) throw new Error('the download was closed');
}

/**
 * ADM-04 / ADM-12 / PERF-04: a sheet of clients, then a sheet of tags. Every client (name, e-mail, CPF, phone, their tags with type and state, when
 * they joined) into an .xlsx written by exceljs' streaming writer straight into `out`. Users are read
 * by keyset pages of EXPORT_BATCH, and the next page waits while the zip or the response is backed
 * up, so memory stays flat whatever the number of clients. Resolves with the number of data rows.
 */
export async function writeClientsWorkbook(db: Db, out: PassThrough, batch = EXPORT_BATCH): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const rows = await writeClientsSheet(workbook, db, out, batch);
  await writeTagsSheet(workbook, db, out, batch);
  await workbook.commit();
  return rows;
}

/**
 * The zip holds one sheet's entry at a time: the clients sheet is written whole and committed before
 * the tags sheet begins, each read in keyset pages.
 */
async function writeClientsSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  db: Db,
  out: PassThrough,
  batch: number,
): Promise<number> {
  const sheet = workbook.addWorksheet(sheetNames.clients);
  sheet.addRow(spreadsheetColumns).commit();
  let rows = 0;
  for await (const { page, owned } of adminRepository.clientPages(db, batch)) {
    const byOwner = new Map<string, typeof owned>();
    for (const t of owned) {
      const list = byOwner.get(t.ownerId!) ?? [];
      list.push(t);
      byOwner.set(t.ownerId!, list);
    }
    for (const u of page) {
      const mine = byOwner.get(u.id) ?? [];
      const states: string[] = mine.map((t) => (t.isActive ? 'Ativo' : 'Inativo'));
      if (u.blockedAt) states.unshift('Conta bloqueada');
      sheet
        .addRow([
          safeCell(u.name),
          safeCell(u.email),
          safeCell(u.cpf),
          safeCell(u.phone),
          mine.length,
          mine.map((t) => t.code).join(', '),
          mine.map((t) => productLabel(t.productId)).join(', '),
          states.join(', '),
          u.createdAt,
        ])
        .commit();
      rows++;
    }
    await caughtUp(sheet, out);
  }
  sheet.commit();
  return rows;
}

/** ADM-12: a row per tag — code, product, name, state, lost mode, owner, batch and dates. */
async function writeTagsSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  db: Db,
  out: PassThrough,
  batch: number,
): Promise<void> {
  const sheet = workbook.addWorksheet(sheetNames.tags);
  const now = new Date();
  sheet.addRow(tagColumns).commit();
  for await (const page of adminRepository.tagPages(db, batch)) {
    for (const t of page) {
      sheet
        .addRow([
          t.code,
          productLabel(t.productId),
          // An empty value is an empty cell (a filter's "(Vazias)"), not an empty string.
          t.name ? safeCell(t.name) : null,
          tagState(t),
          t.lost ? 'Sim' : 'Não',
          t.ownerName === null ? null : safeCell(t.ownerName),
          t.ownerEmail === null ? null : safeCell(t.ownerEmail),
          t.ownerCpf === null ? null : safeCell(t.ownerCpf),
          t.batchId,
          t.createdAt,
          t.disabledAt,
          t.ownerEmail === null ? null : planWords.interval[t.planInterval === 'annual' ? 'annual' : 'monthly'],
          t.ownerEmail === null ? null : t.planDueAt,
          t.ownerEmail === null ? null : planWords.status[planStatus(t.planDueAt, now, t.disabledAt !== null)],
        ])
        .commit();
    }
    await caughtUp(sheet, out);
  }
  sheet.commit();
}
