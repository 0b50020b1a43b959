import type { z } from 'zod';
import type { createUnitBody, createUnitResponse } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export type CreateUnitBody = z.input<typeof createUnitBody>;
export type CreateUnitResponse = z.infer<typeof createUnitResponse>;

/**
 * POST /condominium/createUnitOfCondominium, once per unit (ADM-02). The client spaces calls to the
 * same path 1 s apart, so ten units take about ten seconds: the form shows how far it got.
 */
export function createUnit(body: CreateUnitBody): Promise<CreateUnitResponse> {
  return apiClient.post<CreateUnitResponse>(condoApi.createUnit, body);
}
