'use client';

import { cn } from '@/components/ui/cn';
import { CATEGORIES, type Category } from '@/lib/domain/categories';
import { LIMITS } from '@/lib/validation/envolvement-limits';

/** Toggle chips for 1 to 3 categories; a fourth choice is ignored. */
export function CategoryPicker({
  value,
  onChange,
  error,
}: {
  value: Category[];
  onChange: (next: Category[]) => void;
  error?: string;
}) {
  function toggle(category: Category) {
    if (value.includes(category)) onChange(value.filter((c) => c !== category));
    else if (value.length < LIMITS.categoriesMax) onChange([...value, category]);
  }
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Categories (1 to {LIMITS.categoriesMax})</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {CATEGORIES.map((category) => {
          const selected = value.includes(category);
          return (
            <button
              key={category}
              type="button"
              aria-pressed={selected}
              onClick={() => toggle(category)}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium',
                selected
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
              )}
            >
              {category}
            </button>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
