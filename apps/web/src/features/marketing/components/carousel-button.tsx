interface CarouselButtonProps {
  direction: 'previous' | 'next';
  label: string;
  onClick: () => void;
  className?: string;
}

/** Round arrow button of the carousels (NAV-05: a real button, reachable by keyboard). */
export function CarouselButton({ direction, label, onClick, className = '' }: CarouselButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-900 shadow-sm transition-colors hover:bg-brand-50 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-[2.5]">
        <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
      </svg>
    </button>
  );
}
