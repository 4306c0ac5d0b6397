import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const STEPS = [
  {
    title: '1. Join with an access code',
    text: 'The office or your brokerage gives you an access code. Use it with your e-mail address to create your account.',
  },
  {
    title: '2. Onboard',
    text: 'Tell us about your team, broker of record, licences and service area, upload photos and videos, and sign the service and master referral agreements.',
  },
  {
    title: '3. Receive seller leads',
    text: 'We advertise for you in the ZIP codes you serve. Sellers who respond are sent to you and your team by text, e-mail or phone call.',
  },
];

export function HomePage() {
  useDocumentTitle(undefined);
  return (
    <div className="grid gap-12">
      <section className="grid gap-6 py-6" aria-labelledby="home-title">
        <h1 id="home-title" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Seller leads for real-estate agents, from a referral network that advertises for you
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          This portal is where agents of the lead-referral network join, complete their onboarding and follow
          the seller leads routed to them: homeowners selling by themselves, expired listings, inherited homes
          and more, in the ZIP codes each agent serves.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.signup.href()}>Join with an access code</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.login.href()}>Sign in</Link>
          </Button>
        </div>
      </section>
      <section className="grid gap-4" aria-labelledby="how-title">
        <h2 id="how-title" className="text-2xl font-semibold">
          How it works
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step) => (
            <Card key={step.title}>
              <CardTitle as="h3">{step.title}</CardTitle>
              <CardDescription className="text-base">{step.text}</CardDescription>
            </Card>
          ))}
        </div>
      </section>
      <section className="grid gap-2" aria-labelledby="referral-title">
        <h2 id="referral-title" className="text-2xl font-semibold">
          A referral, not a subscription to cold lists
        </h2>
        <p className="max-w-2xl text-muted-foreground">
          Each lead is a referral under the master referral agreement you and your broker sign. Leads are
          matched to one agent at a time by ZIP code and lead type, so you are not competing with other agents
          of the network for the same seller.
        </p>
      </section>
    </div>
  );
}
