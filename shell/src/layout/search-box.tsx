import { useState, type FormEvent } from 'react';
import { useNavigate } from '@pl/ui';

/** The header search: Enter opens the products page filtered by the text (`/products?q=`). */
export function SearchBox() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products');
  };
  return (
    <form className="shell-search" role="search" aria-label="Site" onSubmit={submit}>
      <label htmlFor="shell-search-input" className="pl-visually-hidden">
        Search products
      </label>
      <svg className="shell-search__icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        id="shell-search-input"
        className="pl-input shell-search__input"
        type="search"
        placeholder="Search products..."
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
