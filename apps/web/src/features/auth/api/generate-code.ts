import { useMutation } from '@tanstack/react-query';
import type { GenerateCodeBody } from '@toque/contracts/auth';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** POST /auth/generate-code: e-mails a reset code (404 for an unknown user). */
async function generateCode(body: GenerateCodeBody): Promise<void> {
  await apiClient.post<unknown>(api.generateCode, body);
}

export function useGenerateCode() {
  return useMutation({ mutationFn: generateCode });
}
