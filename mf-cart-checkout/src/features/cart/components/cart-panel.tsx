import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { DomEvents } from '@pl/contracts';
import { Dialog, useDomEvent } from '@pl/ui';
import { CartLinesLoading } from '../../../shared/components/cart-line-skeleton.js';
import { LoadFailed } from '../../../shared/components/load-failed.js';
import { useCartPanelStore } from '../state/cart-panel-store.js';
import { loadCartPanelContent } from './cart-panel-loader.js';

// The panel's content arrives when it first opens (cart-panel-loader.ts); until then the panel is
// its frame and the loading lines.
const lazyContent = () => lazy(() => loadCartPanelContent().then((m) => ({ default: m.CartPanelContent })));

/**
 * The slide-in cart (spec §2): closed at first; opened, closed or toggled by `cart:panel`.
 * The Dialog gives it Escape to close, a focus trap and focus back to the opener on close.
 */
export function CartPanel() {
  const open = useCartPanelStore((s) => s.open);
  const apply = useCartPanelStore((s) => s.apply);
  useDomEvent(DomEvents.cartPanel, (detail) => apply(detail?.action ?? 'toggle'));
  // Content that failed to arrive is asked for again by a new lazy component (React keeps a failed one failed).
  const [attempt, setAttempt] = useState(0);
  const Content = useMemo(lazyContent, [attempt]);
  const close = () => apply('close');

  return (
    <Dialog open={open} onOpenChange={(next) => apply(next ? 'open' : 'close')} title="Shopping Cart" placement="right" className="cc-panel">
      <div className="cc-panel__content">
        <ContentBoundary key={attempt} onRetry={() => setAttempt(attempt + 1)}>
          <Suspense fallback={<CartLinesLoading />}>
            <Content close={close} />
          </Suspense>
        </ContentBoundary>
      </div>
    </Dialog>
  );
}

/** The panel's content could not be loaded (the network dropped it): say so, with a retry. */
class ContentBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) return <LoadFailed error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
