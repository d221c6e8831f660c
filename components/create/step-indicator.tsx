import { cn } from '@/components/ui/cn';
import { WIZARD_STEPS } from '@/lib/envolvements/wizard';

export function StepIndicator({ step }: { step: number }) {
  return (
    <div>
      <ol className="flex items-center gap-2" aria-label="Progress">
        {WIZARD_STEPS.map((name, i) => {
          const number = i + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li key={name} className="flex flex-1 items-center gap-2" aria-current={current ? 'step' : undefined}>
              <span
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                  done
                    ? 'bg-brand-600 text-white'
                    : current
                      ? 'border-2 border-brand-600 text-brand-700'
                      : 'bg-slate-200 text-slate-500',
                )}
                aria-label={done ? `${name}: completed` : name}
              >
                {done ? '✓' : number}
              </span>
              <span className={cn('hidden text-sm lg:inline', current ? 'font-semibold text-ink' : 'text-slate-500')}>
                {name}
              </span>
              {number < WIZARD_STEPS.length && <span className="h-px flex-1 bg-slate-200" />}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm font-medium text-slate-600" aria-live="polite">
        Step {step} of {WIZARD_STEPS.length}
      </p>
    </div>
  );
}
