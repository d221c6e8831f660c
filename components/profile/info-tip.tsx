import { useId } from 'react';

/** A small 'i' that shows its text on hover and on keyboard focus (a title attribute does neither reliably). */
export function InfoTip({ text }: { text: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label="About this search"
        aria-describedby={id}
        className="inline-flex h-5 w-5 cursor-help items-center justify-center rounded-full bg-slate-200 text-xs font-bold text-slate-600 focus:ring-2 focus:ring-brand-300 focus:outline-none"
      >
        i
      </button>
      <span
        id={id}
        role="tooltip"
        className="invisible absolute bottom-full left-1/2 z-30 mb-2 w-56 -translate-x-1/2 rounded-lg bg-ink px-3 py-2 text-xs leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
