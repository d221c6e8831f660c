'use client';

import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './line-icon';

// The browser's own modal <dialog>: showModal() puts it in the top layer, makes the rest
// of the page inert and turns Escape into a `cancel` event. What it leaves to us: the
// open state (React's, so a dialog opens and closes like any other state), closing on a
// click on the backdrop, keeping Tab inside the dialog, and giving focus back to the
// element that opened it.

type ModalState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
};

const ModalContext = createContext<ModalState | null>(null);

function useModal(part: string): ModalState {
  const state = useContext(ModalContext);
  if (!state) throw new Error(`${part} belongs inside a <Modal>`);
  return state;
}

type ModalProps = {
  /** Controlled: the caller keeps the state. Left out, the modal keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
};

export function Modal({ open: controlled, onOpenChange, children }: ModalProps) {
  const [uncontrolled, setUncontrolled] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const open = controlled ?? uncontrolled;
  const setOpen = (next: boolean) => {
    if (controlled === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  return <ModalContext value={{ open, setOpen, titleId, descriptionId }}>{children}</ModalContext>;
}

type ButtonProps = ComponentProps<'button'>;

type ModalButtonProps = ButtonProps & {
  /** Give the behaviour to the one child element (a styled Button) instead of a plain button. */
  asChild?: boolean;
};

/** A button that opens or closes the modal, once its own onClick has run and did not prevent it. */
function ModalButton({ opens, asChild, children, onClick, ...props }: ModalButtonProps & { opens: boolean }) {
  const { setOpen } = useModal(opens ? 'ModalTrigger' : 'ModalClose');
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) setOpen(opens);
  };
  if (asChild && isValidElement<ButtonProps>(children)) {
    const own = children.props.onClick;
    return cloneElement(children, {
      ...props,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        own?.(event);
        if (!event.defaultPrevented) toggle(event);
      },
    });
  }
  return (
    <button type="button" {...props} onClick={toggle}>
      {children}
    </button>
  );
}

/** The button that opens the modal. */
export function ModalTrigger(props: ModalButtonProps) {
  const { open } = useModal('ModalTrigger');
  return <ModalButton {...props} aria-haspopup="dialog" aria-expanded={open} opens />;
}

/** A button inside the modal that closes it. */
export function ModalClose(props: ModalButtonProps) {
  return <ModalButton {...props} opens={false} />;
}

type ModalTextProps = { className?: string; children: ReactNode };

/** The modal's title: it names the dialog for assistive technology. */
export function ModalTitle(props: ModalTextProps) {
  return <h2 id={useModal('ModalTitle').titleId} {...props} />;
}

/** The text that describes the dialog to assistive technology, where its panel is `described`. */
export function ModalDescription(props: ModalTextProps) {
  return <p id={useModal('ModalDescription').descriptionId} {...props} />;
}

type ModalPanelProps = {
  className: string;
  /** Whether a ModalDescription inside describes the dialog. */
  described?: boolean;
  children: ReactNode;
};

/** The dialog itself, in the page only while it is open. */
export function ModalPanel(props: ModalPanelProps) {
  const { open } = useModal('ModalPanel');
  // Nothing is open when the server renders, so the portal is only ever made in the browser.
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<OpenPanel {...props} />, document.body);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

function isOutside(dialog: HTMLElement, x: number, y: number): boolean {
  const box = dialog.getBoundingClientRect();
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}

function OpenPanel({ className, described, children }: ModalPanelProps) {
  const { setOpen, titleId, descriptionId } = useModal('ModalPanel');
  const ref = useRef<HTMLDialogElement>(null);
  // A click closes the modal only when it both began and ended on the backdrop: selecting
  // text inside and letting go outside is no reason to close.
  const pressedOutside = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(event.currentTarget);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return event.preventDefault();
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={described ? descriptionId : undefined}
      className={className}
      // Escape: the state closes the dialog, so the browser must not do it behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        setOpen(false);
      }}
      // Closed some other way (the browser may ignore the preventDefault above). In
      // development React runs the effect above twice, closing and opening the dialog again
      // at once: the `close` event of that first close arrives when it is open again, and
      // must not close it for good.
      onClose={(event) => {
        if (!event.currentTarget.open) setOpen(false);
      }}
      onKeyDown={keepTabInside}
      onPointerDown={(event: PointerEvent<HTMLDialogElement>) => {
        pressedOutside.current =
          event.target === event.currentTarget && isOutside(event.currentTarget, event.clientX, event.clientY);
      }}
      onClick={(event) => {
        const outside =
          event.target === event.currentTarget && isOutside(event.currentTarget, event.clientX, event.clientY);
        if (outside && pressedOutside.current) setOpen(false);
        pressedOutside.current = false;
      }}
    >
      {children}
    </dialog>
  );
}

/** The × in a modal's corner, named 'Close' for assistive technology; the caller styles it. */
export function CloseButton({ className }: { className: string }) {
  return (
    <ModalClose aria-label="Close" className={className}>
      <CloseIcon />
    </ModalClose>
  );
}
