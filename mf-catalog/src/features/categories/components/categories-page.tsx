import { Card, CardContent, Link, Skeleton } from '@pl/ui';
import { useCategoryCounts } from '../api/get-category-counts.js';
import { categories } from '../../../shared/utils/category-list.js';

export function CategoriesPage() {
  const counts = useCategoryCounts();
  const countOf = (id: string) => counts.data?.find((c) => c.category === id)?.count ?? 0;
  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Categories</h1>
      <p className="pl-page__lead">Find inspected, graded deals in every department.</p>
      {counts.isError && <p className="cat-error" role="alert">Item counts are unavailable right now.</p>}
      <ul className="cat-categories">
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/products?category=${c.id}`} className="cat-category" data-category={c.id}>
              <Card>
                <CardContent className="cat-category__body">
                  <h2 className="cat-category__name">{c.name}</h2>
                  <p className="pl-muted">{c.description}</p>
                  <div className="cat-category__count">
                    {counts.isPending ? (
                      <Skeleton style={{ height: '1rem', width: '4rem' }} />
                    ) : counts.isError ? null : (
                      `${countOf(c.id)} ${countOf(c.id) === 1 ? 'item' : 'items'}`
                    )}
                  </div>
                </CardContent>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
