import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { documentTitleOf, DomEvents, type DomEventDetails, type PageInfo, type RemoteModuleId, remotePageOf, SHOP_DESCRIPTION } from '@pl/contracts';
import { useLocation } from '@pl/ui';

/** How long a title must stay before it is announced: a page's declared title is soon followed by the one its data gives. */
const ANNOUNCE_AFTER_MS = 400;

type Told = DomEventDetails[typeof DomEvents.pageTitle];

/**
 * The document's title, composed by the shell (decision 071): the title a page told for this very
 * address (usePageTitle), else the one its team's contract declares, then the shop's name; and the
 * page's description its contract declares (the shop's own for the rest). After a
 * client-side navigation the new title is announced to screen readers (WCAG 2.4.2), as a browser
 * announces a page it loads.
 */
export function PageTitle() {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [told, setTold] = useState<Told | null>(null);
  // Subscribed before any page's effect runs (layout effects come first), so a title told at once is not missed.
  useLayoutEffect(() => {
    const listener = (event: Event) => setTold((event as CustomEvent<Told>).detail);
    window.addEventListener(DomEvents.pageTitle, listener);
    return () => window.removeEventListener(DomEvents.pageTitle, listener);
  }, []);
  // The first page keeps the title and description its HTML came with, which the gateway wrote for
  // this very page: the pages' own texts (page-infos.ts) are fetched at the first navigation.
  const firstLocation = useRef<string | null>(here);
  if (firstLocation.current !== here) firstLocation.current = null;
  const onFirstPage = firstLocation.current !== null;
  const [infoOf, setInfoOf] = useState<((page: RemoteModuleId) => PageInfo | undefined) | null>(null);
  useEffect(() => {
    // Not reached (offline, a new build): titles stay as the pages tell them.
    if (!onFirstPage) import(/* webpackChunkName: "page-info" */ './page-infos.js').then((m) => setInfoOf(() => m.pageInfoOf), () => undefined);
  }, [onFirstPage]);
  const page = remotePageOf(pathname);
  const info = page && infoOf?.(page);
  const toldHere = told?.location === here ? told.title : undefined;
  const title = toldHere !== undefined || infoOf ? documentTitleOf(toldHere ?? info?.title) : null;
  const description = infoOf ? (info?.description ?? SHOP_DESCRIPTION) : null;
  useEffect(() => {
    const element = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (element && description !== null) element.content = description;
  }, [description]);

  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (title === null) return;
    document.title = title;
    // The first page is announced by the browser itself, whatever its title becomes while it loads.
    if (onFirstPage) return;
    const timer = setTimeout(() => setAnnounced(title), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [title, onFirstPage]);
  return (
    <p className="pl-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announced}
    </p>
  );
}
