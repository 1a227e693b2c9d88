import { renderStandaloneRemote } from '@pl/ui/standalone';
import AccountArea from './exposes/account-area.js';
import AccountPage from './exposes/account-page.js';
import ForgotPasswordPage from './exposes/forgot-password-page.js';
import OrderHistoryPage from './exposes/order-history-page.js';
import OrderLookupPage from './exposes/order-lookup-page.js';
import OrderPage from './exposes/order-page.js';
import ResetPasswordPage from './exposes/reset-password-page.js';

// `rsbuild dev` in mf-account: the account pages and the header account area on their own.
renderStandaloneRemote({
  name: 'mf_account',
  toolbar: <AccountArea />,
  pages: [
    { path: '/', element: <div className="pl-container pl-page">Use the account area above to sign in.</div> },
    { path: '/account', label: 'Account', element: <AccountPage /> },
    { path: '/account/orders', label: 'Orders', element: <OrderHistoryPage /> },
    { path: '/orders/lookup', label: 'Find an order', element: <OrderLookupPage /> },
    { path: '/orders/:id', element: <OrderPage /> },
    { path: '/forgot-password', label: 'Forgot password', element: <ForgotPasswordPage /> },
    { path: '/reset-password', label: 'Reset password', element: <ResetPasswordPage /> },
  ],
});
