import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exposedNamesOf, Remotes, type RemoteContract } from '@pl/contracts';

// Each remote's module-federation.config.ts lists its exposed files literally. Its list must name
// exactly the modules its contract declares (packages/contracts/src/remotes/), each file must exist,
// and each file must bind its default export to that module's declared props (RemoteComponent<id>),
// which the typecheck then holds it to. The build tools themselves are not needed to read a list.
jest.mock('@module-federation/rsbuild-plugin', () => ({ createModuleFederationConfig: (options: unknown) => options }));
jest.mock('@pl/ui/federation', () => ({ remoteFederationOptions: (remote: RemoteContract, exposes: Record<string, string>) => ({ name: remote.name, exposes }) }));

const root = path.resolve(__dirname, '../../..');
const apps: Array<[string, RemoteContract]> = [
  ['mf-catalog', Remotes.catalog],
  ['mf-cart-checkout', Remotes.cartCheckout],
  ['mf-account', Remotes.account],
  ['mf-admin', Remotes.admin],
];

describe.each(apps)('%s exposes what its contract declares', (app, contract) => {
  // The config under the mocks above.
  const config = (): { name: string; exposes: Record<string, string> } =>
    require(path.join(root, app, 'module-federation.config.ts')).default;

  it('under the contract name, exactly the declared modules', () => {
    expect(config().name).toBe(contract.name);
    expect(Object.keys(config().exposes).sort()).toEqual(exposedNamesOf(contract).map((n) => `./${n}`).sort());
  });

  it.each(exposedNamesOf(contract))('%s: its file exists and types its export by the contract', (name) => {
    const file = path.join(root, app, config().exposes[`./${name}`]!);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`export default \\w+ satisfies RemoteComponent<'${contract.name}/${name}'>;`));
  });
});
