import { remoteRsbuildConfig } from '@pl/ui/federation';
import federation from './module-federation.config';

export default remoteRsbuildConfig({ app: 'mf-catalog', port: Number(process.env.MF_CATALOG_PORT ?? 5201), federation });
