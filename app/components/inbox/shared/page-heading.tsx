/**
 * An inbox page's title and what the page is for. The title takes focus after navigation
 * (tabIndex -1), so a screen reader starts on the new page; `narrow` keeps the intro to a
 * readable line length beside a wide table.
 */
export function PageHeading({
  heading,
  intro,
  narrow = false,
}: {
  heading: string;
  intro: string;
  narrow?: boolean;
}) {
  return (
    <div className={narrow ? 'grid max-w-3xl gap-2' : 'grid gap-2'}>
      <h1 tabIndex={-1} className="text-3xl font-bold text-brand-950 focus:outline-none">
        {heading}
      </h1>
      <p className="text-slate-700">{intro}</p>
    </div>
  );
}
