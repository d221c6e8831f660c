import { cn } from '@/components/ui/cn';
import { Picture } from '@/components/ui/picture';

type AvatarProps = { name: string; picture?: string | null; size?: number; className?: string };

/** The user's picture, or their initial on a brand-coloured disc. */
export function Avatar({ name, picture, size = 32, className }: AvatarProps) {
  const style = { width: size, height: size };
  if (picture) {
    return (
      <Picture
        src={picture}
        alt=""
        width={size}
        height={size}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span aria-hidden style={{ ...style, fontSize: size * 0.45 }} className={cn('avatar-initial', className)}>
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
