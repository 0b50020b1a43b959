import type { z } from 'zod';
import type { createCondominiumBody, createCondominiumResponse } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export type CreateCondominiumBody = z.output<typeof createCondominiumBody>;
export type CreateCondominiumResponse = z.infer<typeof createCondominiumResponse>;

/** POST /condominium/createCondominium {nameCondominium} → id (ADM-02). */
export function createCondominium(body: CreateCondominiumBody): Promise<CreateCondominiumResponse> {
  return apiClient.post<CreateCondominiumResponse>(condoApi.createCondominium, body);
}
