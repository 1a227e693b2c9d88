import { Card, CardContent, ConditionBadge, conditionGrades } from '@pl/ui';
import { StaticPage } from './static-page.js';
import { RETURNS } from './store-policies.js';

export function ConditionGuidePage() {
  return (
    <StaticPage
      title="Condition Guide"
      lead="Every item we sell is inspected and given one of five condition grades. Here is what each grade means."
    >
      <ul className="shell-grade-list">
        {conditionGrades.map((g) => (
          <li key={g.grade}>
            <Card>
              <CardContent className="shell-grade">
                <ConditionBadge grade={g.grade} />
                <div>
                  <h2 className="shell-grade__title">{g.label}</h2>
                  <p className="pl-muted">{g.meaning}</p>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <p className="pl-muted shell-static__note">
        Condition notes on each product describe any specific wear or missing parts. {RETURNS.finalSale}.
      </p>
    </StaticPage>
  );
}
