import { tokenResponse } from '@toque/contracts/auth';

/** The token of a `{ data: { token } }` answer, or null when the answer has none (AUTH-04/10). */
export function tokenFrom(response: unknown): string | null {
  const parsed = tokenResponse.safeParse(response);
  return parsed.success && parsed.data.data.token ? parsed.data.data.token : null;
}
