import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Customer } from '@pl/contracts';
import { Button, Link, useLocation } from '@pl/ui';
import { useLogout } from '../api/logout.js';
import { accountTriggerLabel } from '../utils/display-name.js';

/**
 * Spec §2 "Account menu": a menu button (WAI-ARIA menu pattern: arrows move, Escape closes and
 * returns focus, a click outside closes).
 */
export function AccountMenu({ user }: { user: Customer }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const logout = useLogout();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** The address the menu was opened on (the browser's, which a navigation changes at once). */
  const openedOn = useRef<string | null>(null);
  const openMenu = () => {
    openedOn.current = window.location.pathname;
    setOpen(true);
  };

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // A navigation closes the menu, unless the menu was opened after it began: the router commits a
  // new location once the next page has loaded (another team's page may take a while), and a
  // shopper who opened the menu meanwhile must not see it snap shut.
  useEffect(() => {
    if (openedOn.current !== pathname) setOpen(false);
  }, [pathname]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="pl-menu" ref={rootRef}>
      <Button
        ref={triggerRef}
        variant="outline"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            openMenu();
          }
        }}
        className="acc-trigger"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        <span className="acc-trigger__label">{accountTriggerLabel(user)}</span>
      </Button>
      {open && (
        <ul
          id={menuId}
          ref={listRef}
          className="pl-menu__list"
          role="menu"
          aria-label="My Account"
          onKeyDown={onMenuKeyDown}
          // Choosing an item closes the menu at once, not when the next page has loaded.
          onClick={(e) => (e.target as HTMLElement).closest('[role="menuitem"]') && setOpen(false)}
        >
          <li role="presentation" className="pl-menu__label">
            My Account
          </li>
          <li role="presentation">
            <Link role="menuitem" tabIndex={-1} className="pl-menu__item" to="/account">
              Profile Settings
            </Link>
          </li>
          <li role="presentation">
            <Link role="menuitem" tabIndex={-1} className="pl-menu__item" to="/account/orders">
              Order History
            </Link>
          </li>
          {user.isAdmin && pathname !== '/admin' && (
            <li role="presentation">
              <Link role="menuitem" tabIndex={-1} className="pl-menu__item" to="/admin">
                Admin Panel
              </Link>
            </li>
          )}
          <li role="separator" className="pl-menu__separator" />
          <li role="presentation">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="pl-menu__item"
              disabled={logout.isPending}
              onClick={() => {
                setOpen(false);
                logout.mutate();
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
