import type { ReactNode } from 'react';
import { usePageTitle } from '@pl/ui';

/** The frame of the shell's own content pages: a heading, a lead paragraph and sections. */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="pl-container pl-page shell-static">
      <h1 className="pl-page__title">{title}</h1>
      {lead && <p className="pl-page__lead">{lead}</p>}
      {children}
    </div>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="shell-static__section">
      <h2 className="shell-static__heading">{title}</h2>
      {children}
    </section>
  );
}
