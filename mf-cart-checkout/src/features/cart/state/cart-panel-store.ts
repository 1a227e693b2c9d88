import { create } from 'zustand';

/**
 * Whether the cart side panel is open. Local to this remote (one copy for all its modules): other
 * teams (and the header's cart button) change it only through the `cart:panel` DOM event, which
 * the panel applies here; this remote's own buttons set it directly, so it holds even before the
 * panel has mounted.
 */
interface CartPanelState {
  open: boolean;
  apply(action: 'open' | 'close' | 'toggle'): void;
}

export const useCartPanelStore = create<CartPanelState>((set) => ({
  open: false,
  apply: (action) => set((s) => ({ open: action === 'toggle' ? !s.open : action === 'open' })),
}));
