import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { createElement, type ReactElement } from 'react';

// A component that reads the page again after an action (useRouter) needs Next's app router
// around it, as on a page: this one does nothing when called.
const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} };

/** `element` inside a router that does nothing, for rendering it to markup. */
export function withRouter(element: ReactElement): ReactElement {
  return createElement(AppRouterContext.Provider, { value: router as never }, element);
}
