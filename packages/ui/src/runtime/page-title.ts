import { useEffect } from 'react';
import { DomEvents } from '@pl/contracts';
import { emitDomEvent } from './dom-events.js';
import { useLocation } from './router.js';

/**
 * Tells the shell this page's title once the page knows it ('MacBook Air 13" M2 – Open Box – $749');
 * undefined while it does not (the shell shows the title the team's contract declares meanwhile).
 * The shell adds the shop's name and announces it to screen readers (decision 071).
 */
export function usePageTitle(title: string | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (title) emitDomEvent(DomEvents.pageTitle, { title, location: pathname + search });
  }, [title, pathname, search]);
}
