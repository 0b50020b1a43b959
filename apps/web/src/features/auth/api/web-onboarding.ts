import { useMutation } from '@tanstack/react-query';
import type { OnboardingBody } from '@toque/contracts/auth';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { tokenFrom } from './token';

/** POST /auth/web-onboarding: creates the account and claims the code → token, or null without one. */
async function webOnboarding(body: OnboardingBody): Promise<string | null> {
  return tokenFrom(await apiClient.post<unknown>(api.webOnboarding, body));
}

export function useWebOnboarding() {
  return useMutation({ mutationFn: webOnboarding });
}
