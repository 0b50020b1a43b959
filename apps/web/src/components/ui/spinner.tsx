interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <div role="status" className="flex items-center justify-center py-16">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
