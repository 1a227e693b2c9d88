import { remoteRsbuildConfig } from '@pl/ui/federation';
import federation from './module-federation.config';

export default remoteRsbuildConfig({ app: 'mf-admin', port: Number(process.env.MF_ADMIN_PORT ?? 5204), federation });
