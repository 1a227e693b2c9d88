import { remoteRsbuildConfig } from '@pl/ui/federation';
import federation from './module-federation.config';

export default remoteRsbuildConfig({ app: 'mf-account', port: Number(process.env.MF_ACCOUNT_PORT ?? 5203), federation });
