import '../features/admin.css';
import { ManifestPage } from '../features/manifests/components/manifest-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ManifestPage satisfies RemoteComponent<'mf_admin/ManifestPage'>;
