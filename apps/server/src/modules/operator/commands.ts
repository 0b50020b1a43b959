import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { operatorService } from './service';

/**
 * The operator's commands, one schema for both ways in: the CLI with the database in hand
 * (cli/main.ts) and the running server's loopback endpoint (routes.ts) when it holds the embedded one.
 */
export const operatorCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-admin'),
    email: z.string().email(),
    password: z.string().min(6),
    name: z.string().min(1),
  }),
  z.object({ command: z.literal('mint'), productId: z.number().int(), count: z.number().int() }),
  z.object({ command: z.literal('outbox'), limit: z.number().int().positive().max(1000).optional() }),
  z.object({ command: z.literal('seed-demo') }),
  z.object({ command: z.literal('set-active'), code: z.string().min(1).max(64), active: z.boolean() }),
  // CONDO-13: a unit's block by its association code, until the síndico's own screens set blocks; null = none.
  z.object({
    command: z.literal('set-block'),
    unitCode: z.string().min(1).max(64),
    block: z.string().trim().min(1).max(60).nullable(),
  }),
  // FIN-05: a tag's plan due date, days from now (negative: overdue; below -30 the tag is suspended).
  z.object({
    command: z.literal('set-due'),
    code: z.string().min(1).max(64),
    days: z.number().int().min(-3650).max(3650),
  }),
  // OPS-07: the embedded database is copied by the process that holds it; the CLI names a new file.
  z.object({ command: z.literal('backup'), file: z.string().min(1).max(4096).refine(isAbsolute) }),
]);
export type OperatorCommand = z.infer<typeof operatorCommand>;

/** Runs one command; answers what it returns (rows, counts, the demo's accounts), for printing. */
export function runOperatorCommand(db: Db, body: OperatorCommand) {
  switch (body.command) {
    case 'create-admin':
      return operatorService.createAdmin(db, body);
    case 'mint':
      return operatorService.mint(db, body);
    case 'outbox':
      return operatorService.listOutbox(db, body.limit);
    case 'seed-demo':
      return operatorService.seedDemo(db);
    case 'set-active':
      return operatorService.setActive(db, body);
    case 'set-block':
      return operatorService.setBlock(db, body);
    case 'set-due':
      return operatorService.setDue(db, body);
    case 'backup':
      return operatorService.backupEmbedded(db, body.file);
  }
}
