import type { LucideIcon } from 'lucide-react';
import {
  Anchor,
  Bell,
  CircleCheckBig,
  Fish,
  Heart,
  Image,
  MessageCircle,
  MessagesSquare,
  RefreshCw,
  Search,
  Shield,
  Sparkles,
  Store,
  User,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

interface Item {
  icon: LucideIcon;
  title: string;
  text: string;
}

const PROMISES: Item[] = [
  {
    icon: Sparkles,
    title: 'Free while we build',
    text: 'The marketplace and the community are open, and everything is free to use during early access: listing gear, messaging and the forum cost nothing.',
  },
  {
    icon: Fish,
    title: 'Open to every angler',
    text: 'Browse listings and read the forum without an account. Sign up for free to list gear, message sellers and join the conversation.',
  },
  {
    icon: MessagesSquare,
    title: 'Shaped by you',
    text: 'We are building Castline in the open. What you tell us decides what we improve next.',
  },
];

const WORKING_TODAY: Item[] = [
  {
    icon: UserRound,
    title: 'Accounts',
    text: 'Sign up with your email, verify it, and see or end your signed-in sessions on other devices.',
  },
  {
    icon: Image,
    title: 'Listings with photos and location',
    text: 'List rods, reels, combos, tackle and accessories with photos, their condition and where the gear can be picked up.',
  },
  {
    icon: Search,
    title: 'Search and distance filters',
    text: 'Filter by category, condition, price and gear type, and narrow the results to gear within a distance of you.',
  },
  {
    icon: Heart,
    title: 'Favourites',
    text: 'Save the listings you are watching and find them again in one place.',
  },
  {
    icon: MessageCircle,
    title: 'Real-time messages and offers',
    text: 'Chat with buyers and sellers as it happens, and make, accept, decline or counter offers.',
  },
  {
    icon: Bell,
    title: 'Notifications and saved-search alerts',
    text: 'Hear about new messages and offers straight away, and get an alert when new gear matches a search you saved.',
  },
  {
    icon: MessagesSquare,
    title: 'Community forum',
    text: 'Ask questions, share your catches and trade tips on spots, rigs and seasons.',
  },
  {
    icon: User,
    title: 'Profiles with seller stats',
    text: 'See a member’s listings, sales and seller rating before you arrange a deal.',
  },
  {
    icon: Anchor,
    title: 'Captain’s Club',
    text: 'Captains have a club area of their own, with alerts for the gear they are after.',
  },
];

const MAY_CHANGE: { title: string; text: string }[] = [
  {
    title: 'Features',
    text: 'We will add, rework and sometimes remove features as we learn what anglers need.',
  },
  {
    title: 'Layout',
    text: 'Pages, navigation and wording may move around from one visit to the next.',
  },
  {
    title: 'Your data',
    text: 'Accounts, listings, messages and forum posts may be reset before launch. Keep your own copy of anything you cannot afford to lose, such as your listing photos.',
  },
  {
    title: 'Demo data',
    text: 'The listings, members and forum posts that come with Castline are sample data for trying things out. Demo listings are not real gear for sale.',
  },
];

const SAFETY_TIPS: { title: string; text: string }[] = [
  {
    title: 'Meet in public',
    text: 'Meet somewhere busy and well lit, such as a tackle shop, a café or a police station’s safe-exchange spot, and bring a friend if you can.',
  },
  {
    title: 'Inspect the rod and reel',
    text: 'Check the rod blank for cracks, chips and repairs, and every guide for cracked inserts. Turn the reel handle, test the drag and the bail, and listen for grinding.',
  },
  {
    title: 'Pay in person, with the gear in hand',
    text: 'Never pay outside the meetup: no deposits, bank transfers, gift cards or cryptocurrency for gear you have not seen.',
  },
  {
    title: 'Keep the conversation on Castline',
    text: 'Messages and offers stay in your history, so there is a record of what you agreed.',
  },
  {
    title: 'Sellers: hand over the gear last',
    text: 'Count the cash before you let the gear go, and share your home address only if you are comfortable doing so.',
  },
  {
    title: 'Trust your instincts',
    text: 'A price far below what the gear is worth, a story that keeps changing or pressure to decide quickly are all reasons to walk away.',
  },
];

function SectionHeading({ id, icon: Icon, children }: { id: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
        <Icon aria-hidden="true" size={20} />
      </span>
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-ink">
        {children}
      </h2>
    </div>
  );
}

/** /early-access-info: what early access means, what works, what may change, and how to deal safely. */
export function EarlyAccessRoute() {
  return (
    <>
      <title>Early Access · Castline</title>
      <div className="bg-linear-to-b from-wash-top to-wash-bottom">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wider text-reed uppercase">About Castline</p>
          <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">Early Access</h1>
          <p className="max-w-3xl text-lg leading-relaxed text-ink-muted">
            Castline is in early access. The marketplace and the community are open and free while we build:
            you can list the gear you no longer use, find your next rod or reel, and talk fishing with anglers
            near you. Some things will still change before launch, and your feedback shapes what comes next.
          </p>
          <div className="mt-1 flex flex-wrap gap-3">
            <Link to="/marketplace" className={buttonClasses()}>
              <Store aria-hidden="true" size={18} />
              Browse the Marketplace
            </Link>
            <Link to="/forum" className={buttonClasses({ variant: 'secondary' })}>
              <MessagesSquare aria-hidden="true" size={18} />
              Join the Community
            </Link>
          </div>
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 py-10 sm:px-6">
        <section aria-labelledby="early-access-meaning" className="flex flex-col gap-6">
          <SectionHeading id="early-access-meaning" icon={Sparkles}>
            What early access means
          </SectionHeading>
          <ul className="grid gap-4 md:grid-cols-3">
            {PROMISES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5 shadow-sm"
              >
                <Icon aria-hidden="true" size={22} className="text-reed" />
                <h3 className="font-semibold text-ink">{title}</h3>
                <p className="text-sm leading-relaxed text-ink-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="early-access-working" className="flex flex-col gap-6">
          <SectionHeading id="early-access-working" icon={CircleCheckBig}>
            What works today
          </SectionHeading>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {WORKING_TODAY.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-reed-soft text-reed">
                  <Icon aria-hidden="true" size={20} />
                </span>
                <div className="flex min-w-0 flex-col gap-1">
                  <h3 className="font-semibold text-ink">{title}</h3>
                  <p className="text-sm leading-relaxed text-ink-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card aria-labelledby="early-access-changes" className="flex flex-col gap-5 p-6">
            <SectionHeading id="early-access-changes" icon={RefreshCw}>
              What may change
            </SectionHeading>
            <dl className="flex flex-col gap-4">
              {MAY_CHANGE.map(({ title, text }) => (
                <div key={title} className="flex flex-col gap-1">
                  <dt className="font-semibold text-ink">{title}</dt>
                  <dd className="text-sm leading-relaxed text-ink-muted">{text}</dd>
                </div>
              ))}
            </dl>
          </Card>

          <Card aria-labelledby="early-access-feedback" className="flex flex-col gap-5 p-6">
            <SectionHeading id="early-access-feedback" icon={MessagesSquare}>
              Tell us what you think
            </SectionHeading>
            <p className="leading-relaxed text-ink-muted">
              Feedback goes in the Community forum, where other members can add to it. Tell us what worked,
              what got in your way and what you would like to see next.
            </p>
            <p className="leading-relaxed text-ink-muted">
              Found a bug? Say which page you were on, what you did and what you expected to happen. A
              screenshot helps us fix it quickly.
            </p>
            <p>
              <Link
                to="/forum"
                className="font-semibold text-brand underline decoration-brand/40 underline-offset-4 hover:decoration-brand"
              >
                Share feedback in the Community forum
              </Link>
            </p>
          </Card>
        </div>

        <section aria-labelledby="early-access-safety" className="flex flex-col gap-6">
          <SectionHeading id="early-access-safety" icon={Shield}>
            Buying and selling gear safely
          </SectionHeading>
          <p className="max-w-3xl leading-relaxed text-ink-muted">
            Castline puts you in touch with anglers near you; the deal itself happens face to face. A few
            habits keep it a good one.
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SAFETY_TIPS.map(({ title, text }) => (
              <li key={title} className="flex gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm">
                <CircleCheckBig aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-reed" />
                <div className="flex min-w-0 flex-col gap-1">
                  <h3 className="font-semibold text-ink">{title}</h3>
                  <p className="text-sm leading-relaxed text-ink-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
