import { Suspense } from 'react';
import { Logo } from './logo';
import { TopBarSearch } from './top-bar-search';
import { TopBarUser, TopBarUserSkeleton } from './top-bar-user';

export function TopBar() {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-4 border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
      <Logo />
      <div className="flex flex-1 justify-center">
        <TopBarSearch />
      </div>
      <Suspense fallback={<TopBarUserSkeleton />}>
        <TopBarUser />
      </Suspense>
    </header>
  );
}
