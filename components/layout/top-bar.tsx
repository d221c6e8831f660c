import { Logo } from './logo';
import { MenuDrawer } from './menu-drawer';
import { TopBarSearch } from './top-bar-search';
import { TopBarUser } from './top-bar-user';

export function TopBar() {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b border-slate-200 bg-white/95 px-3 backdrop-blur min-[360px]:gap-2 sm:gap-4 sm:px-4">
      <MenuDrawer />
      <Logo />
      <div className="flex min-w-0 flex-1 justify-center">
        <TopBarSearch />
      </div>
      <TopBarUser />
    </header>
  );
}
