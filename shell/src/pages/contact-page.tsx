import { Card, CardContent } from '@pl/ui';
import { StaticPage } from './static-page.js';
import { SUPPORT_HOURS } from './store-policies.js';

export function ContactPage() {
  return (
    <StaticPage title="Contact Us">
      <Card>
        <CardContent className="shell-coming-soon">
          <h2 className="shell-coming-soon__title">Coming Soon</h2>
          <p className="pl-muted">
            Support hours: {SUPPORT_HOURS.weekdays}, {SUPPORT_HOURS.saturday}.
          </p>
        </CardContent>
      </Card>
    </StaticPage>
  );
}
