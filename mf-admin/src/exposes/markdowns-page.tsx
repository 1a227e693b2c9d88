import '../features/admin.css';
import { MarkdownsPage } from '../features/markdowns/components/markdowns-page.js';
import type { RemoteComponent } from '@pl/ui';

export default MarkdownsPage satisfies RemoteComponent<'mf_admin/MarkdownsPage'>;
