import type { ReactNode, SVGProps } from 'react';

type LineIconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The frame of every line icon: a 24px grid drawn in currentColor, hidden from assistive
 * technology. How it is drawn is the `line-icon` class (app/globals.css), named once rather
 * than spelled out on every icon of every page; a size other than 20px is set on the icon.
 */
export function LineIcon({ children, size = 20, className, style, ...props }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className ? `line-icon ${className}` : 'line-icon'}
      style={size === 20 ? style : { width: size, height: size, ...style }}
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon that draws `shapes` in the frame, `size` pixels square unless its caller says otherwise. */
export function lineIcon(shapes: ReactNode, size?: number) {
  return function Icon(props: LineIconProps) {
    return (
      <LineIcon size={size} {...props}>
        {shapes}
      </LineIcon>
    );
  };
}

export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6 6 18" />);
