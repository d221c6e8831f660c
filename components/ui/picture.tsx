import { getImageProps, type ImageProps } from 'next/image';
import { isOptimizableImage } from '@/lib/domain/images';

type PictureProps = Omit<ImageProps, 'src' | 'priority' | 'preload' | 'unoptimized' | 'loading' | 'fetchPriority'> & {
  src: string;
  /** The page's largest picture: fetched first and never lazily. */
  priority?: boolean;
};

/**
 * A picture through Next's image optimizer (a srcset of sizes, AVIF or WebP) drawn as a plain
 * <img>: `getImageProps` gives the same attributes as next/image without its client
 * component, which would otherwise load on every page for the avatar in the top bar.
 * Images from hosts the optimizer does not serve are drawn as they are.
 */
export function Picture({ src, priority = false, alt, ...props }: PictureProps) {
  const { props: img } = getImageProps({
    ...props,
    src,
    alt,
    unoptimized: !isOptimizableImage(src),
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
  });
  // eslint-disable-next-line @next/next/no-img-element -- the optimizer's attributes, from getImageProps
  return <img {...img} alt={alt} />;
}
