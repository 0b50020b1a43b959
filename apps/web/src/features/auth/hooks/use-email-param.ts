import { useSearchParams } from 'react-router';

/** The e-mail travels through the recovery pages (`?email=`) so the reset form comes filled in. */
export function withEmail(path: string, email: string): string {
  return email ? `${path}?${new URLSearchParams({ email }).toString()}` : path;
}

export function useEmailParam(): string {
  const [params] = useSearchParams();
  return params.get('email') ?? '';
}
