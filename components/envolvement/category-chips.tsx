export function CategoryChips({ categories }: { categories: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Categories">
      {categories.map((category) => (
        <li key={category} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          {category}
        </li>
      ))}
    </ul>
  );
}
