/** A cart line's place while the cart loads: the picture's square and two lines of text. */
export function CartLineSkeleton() {
  return (
    <li className="cc-line" aria-hidden="true" data-skeleton-row="">
      <div className="pl-skeleton cc-line__image" />
      <div className="cc-line__body">
        <div className="pl-skeleton" style={{ height: '1rem', width: '70%' }} />
        <div className="pl-skeleton" style={{ height: '1rem', width: '40%', marginTop: '0.5rem' }} />
      </div>
    </li>
  );
}

/** Three skeleton lines, announced as the cart loading. */
export function CartLinesLoading() {
  return (
    <ul className="cc-lines" aria-busy="true" aria-label="Loading cart">
      {Array.from({ length: 3 }, (_, i) => (
        <CartLineSkeleton key={i} />
      ))}
    </ul>
  );
}
