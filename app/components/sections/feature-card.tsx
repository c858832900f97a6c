import { Icon, type IconName } from '~/components/icon';
import { Link } from 'react-router';
import { LazyImage, type ImageAsset } from '~/components/lazy-image';
import { cn } from '~/lib/cn';

export interface FeatureCardData {
  icon: IconName;
  title: string;
  description: string;
  features?: readonly string[];
  image?: ImageAsset;
  /** Where the card leads; the whole title becomes a link. */
  href?: string;
  linkLabel?: string;
  /** Marks an emergency card in red. */
  tone?: 'brand' | 'emergency';
}

/** A card for a service, highlight or value. Heading level follows the section (h3 by default). */
export function FeatureCard({ card, headingLevel = 3 }: { card: FeatureCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const emergency = card.tone === 'emergency';
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 transition-shadow hover:shadow-md',
        emergency ? 'ring-emergency-200' : 'ring-slate-200',
      )}
    >
      {card.image ? <LazyImage image={card.image} className="aspect-[16/10] object-cover" /> : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <span
          className={cn(
            'inline-flex size-12 items-center justify-center rounded-xl',
            emergency ? 'bg-emergency-100 text-emergency-700' : 'bg-brand-100 text-brand-700',
          )}
        >
          <Icon name={card.icon} className="size-6" />
        </span>
        <Heading className="text-xl font-bold text-brand-950">
          {card.href ? (
            <Link to={card.href} className="after:absolute after:inset-0 focus-visible:outline-none">
              {card.title}
            </Link>
          ) : (
            card.title
          )}
        </Heading>
        <p className="text-slate-700">{card.description}</p>
        {card.features && card.features.length > 0 ? (
          <ul className="grid gap-2 text-sm text-slate-700">
            {card.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        {card.href && card.linkLabel ? (
          <span
            aria-hidden="true"
            className={cn(
              'mt-auto inline-flex items-center gap-1 pt-2 font-semibold',
              emergency ? 'text-emergency-700' : 'text-brand-700',
            )}
          >
            {card.linkLabel}
            <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
          </span>
        ) : null}
      </div>
    </article>
  );
}

export function FeatureCardGrid({
  cards,
  columns = 3,
  headingLevel,
}: {
  cards: readonly FeatureCardData[];
  columns?: 2 | 3 | 4;
  headingLevel?: 2 | 3;
}) {
  const grid = {
    2: 'md:grid-cols-2',
    3: 'md:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <div className={cn('grid gap-6', grid)}>
      {cards.map((card) => (
        <FeatureCard key={card.title} card={card} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
