import { MessagesSquare, ShoppingBag, Tag } from 'lucide-react';
import { Link } from '../../../lib/router';
import { buttonClasses } from '../../../components/ui/button';

const HIGHLIGHTS = [
  {
    icon: ShoppingBag,
    title: 'Buy',
    text: 'Find rods, reels and tackle from anglers who have fished with them.',
  },
  {
    icon: Tag,
    title: 'Sell',
    text: 'Give the gear you no longer use a second life on someone else’s water.',
  },
  {
    icon: MessagesSquare,
    title: 'Talk',
    text: 'Swap tips on spots, rigs and seasons with people who share the hobby.',
  },
] as const;

/** The welcome a guest sees on the start page. */
export function GuestHero() {
  return (
    <section className="flex flex-1 flex-col justify-center bg-linear-to-b from-wash-top to-wash-bottom">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 md:grid-cols-[1.15fr_1fr] md:gap-14">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold tracking-wider text-reed uppercase">
            The marketplace for anglers
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Buy, sell and talk fishing gear.
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-ink-muted">
            Castline brings anglers together: pick up a trusted second-hand reel, pass on the rods you have
            outgrown, and share what works on your local water.
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to="/auth/signup" className={buttonClasses()}>
              Create account
            </Link>
            <Link to="/auth/login" className={buttonClasses({ variant: 'secondary' })}>
              Sign In
            </Link>
          </div>
        </div>
        <ul className="grid gap-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-line bg-surface/80 p-5 shadow-sm">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
                <Icon aria-hidden="true" size={22} />
              </span>
              <div className="flex flex-col gap-1">
                <h2 className="font-semibold text-ink">{title}</h2>
                <p className="text-sm leading-relaxed text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
