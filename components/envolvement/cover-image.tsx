import { cn } from '@/components/ui/cn';

/** The cover image, or a neutral placeholder when there is none. */
export function CoverImage({
  src,
  className,
  label = 'No image available',
}: {
  src: string;
  className?: string;
  label?: string;
}) {
  if (!src) {
    return (
      <div
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-sm text-slate-500',
          className,
        )}
      >
        {label}
      </div>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt="" className={cn('object-cover', className)} />;
}
