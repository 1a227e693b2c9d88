// The admin matrix every admin route must pass, for any team's tests: through the real gateway and
// the real identity, a guest gets 401, a signed-in customer 403, an admin a 2xx.
//
//   const stack = await startAuthStack({ gatewayEnv: { POS_SYNC_URL: posSync.url } });
//   await adminMatrix(stack.url, '/api/admin/pos-config', 'PUT', { body: { ... } });
//
// The customer and the admin are real accounts, created once per stack through the gateway's
// registration; the admin gets identity's admin flag in the database, then signs in.
import { authStackFor, type AuthStack, type SignedIn } from './auth-stack';

export interface AdminMatrixOptions {
  /** JSON body for unsafe methods (default `{}`). */
  body?: unknown;
  /** What the admin's call must answer (default: any 2xx). */
  adminStatus?: number;
}

export interface AdminMatrixResult {
  anonymous: Response;
  guest: Response;
  customer: Response;
  admin: Response;
}

const matrixUsers = new WeakMap<AuthStack, Promise<{ customer: SignedIn; admin: SignedIn }>>();

/** The matrix's customer and admin for this stack (created on first use). */
export function matrixAccounts(stack: AuthStack): Promise<{ customer: SignedIn; admin: SignedIn }> {
  let users = matrixUsers.get(stack);
  if (!users) {
    users = (async () => {
      const customer = await stack.register({ username: `matrix_customer_${Date.now().toString(36)}` });
      const registered = await stack.register({ username: `matrix_admin_${Date.now().toString(36)}` });
      await stack.makeAdmin(registered.customer.id);
      // A fresh sign-in: the grant carries the flag from the database.
      const admin = await stack.signIn(registered.username, registered.password);
      return { customer, admin };
    })();
    matrixUsers.set(stack, users);
  }
  return users;
}

export async function adminMatrix(
  gatewayUrl: string,
  path: string,
  method = 'GET',
  options: AdminMatrixOptions = {},
): Promise<AdminMatrixResult> {
  const stack = authStackFor(gatewayUrl);
  const { customer, admin } = await matrixAccounts(stack);
  const guest = await stack.guest();
  const hasBody = !['GET', 'HEAD'].includes(method.toUpperCase());
  const call = (cookie?: string) =>
    fetch(stack.url + path, {
      method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
    });

  const result: AdminMatrixResult = {
    anonymous: await call(),
    guest: await call(guest.cookie),
    customer: await call(customer.cookie),
    admin: await call(admin.cookie),
  };
  const seen = {
    anonymous: result.anonymous.status,
    guest: result.guest.status,
    customer: result.customer.status,
    admin: options.adminStatus !== undefined || !isSuccess(result.admin.status) ? result.admin.status : '2xx',
  };
  expect({ path, method, ...seen }).toEqual({
    path,
    method,
    anonymous: 401,
    guest: 401,
    customer: 403,
    admin: options.adminStatus ?? '2xx',
  });
  return result;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
