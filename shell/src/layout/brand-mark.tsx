/** The shop's logo mark: a price tag with a check, for "inspected and priced". */
export function BrandMark() {
  return (
    <svg className="shell-logo__mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="9" fill="var(--pl-brand)" />
      <path d="M9 10.5A1.5 1.5 0 0 1 10.5 9h7.38a1.5 1.5 0 0 1 1.06.44l7.62 7.62a1.5 1.5 0 0 1 0 2.12l-7.38 7.38a1.5 1.5 0 0 1-2.12 0l-7.62-7.62A1.5 1.5 0 0 1 9 17.88Z" fill="#fff" />
      <path d="m14.5 18.5 2.5 2.5 5-5.5" fill="none" stroke="var(--pl-brand)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="13" cy="13" r="1.6" fill="var(--pl-brand)" />
    </svg>
  );
}
