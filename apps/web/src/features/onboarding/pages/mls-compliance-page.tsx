import type * as React from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

function Topic({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-3">
      <CardTitle>{title}</CardTitle>
      <CardContent className="gap-3 [&_p]:leading-relaxed">{children}</CardContent>
    </Card>
  );
}

/**
 * /onboarding/Licences/mls_compliance: guidance, not a step. What MLS rules and the advertising
 * laws around them mean for the programme's ads and referrals, and where the agent checks their own.
 */
export function MlsCompliancePage() {
  return (
    <OnboardingStepLayout
      page="Licences/mls_compliance"
      intro={
        <p>
          A multiple listing service (MLS) sets rules for how its members use listing information and how they
          advertise, and your state adds its own advertising rules. Here is how the programme's advertising
          and referrals are built to respect them, and what stays your responsibility.
        </p>
      }
    >
      <div className="grid gap-4">
        <Topic title="No listing data in your ads">
          <p>
            The ads we run for you promote you and your services. They never use MLS listing information: no
            listing photos, prices, addresses, remarks or sold data from the MLS, and never another
            brokerage's listing. MLS data is licensed to participants for specific uses, and advertising with
            it usually needs the listing broker's permission.
          </p>
          <p>
            Some leads concern homes whose listing has expired or was withdrawn. That information comes from
            public and commercial sources, not from your MLS. Before you contact an owner, check that the
            property is not listed with another brokerage today: most MLS rules and professional codes forbid
            soliciting a seller who is under an exclusive listing agreement with someone else.
          </p>
        </Topic>
        <Topic title="Your licence and brokerage, shown as the rules ask">
          <p>
            Every ad names you as the licensed agent and shows your brokerage, which most states require of
            real-estate advertising. This is why we ask for your licence details, your brokerage's name and
            its logo.
          </p>
          <p>
            Some states and some MLSs ask for more, such as your licence number, the brokerage's office phone
            number or address, or a minimum size for the brokerage's name. If yours do, tell the office and we
            will add it to your ads.
          </p>
        </Topic>
        <Topic title="Fair-housing wording">
          <p>
            Ads, scripts and what you say to sellers must follow the federal Fair Housing Act and your state's
            and city's fair-housing laws. Nothing may state or suggest a preference, a limitation or
            discrimination based on race, colour, religion, sex, disability, familial status or national
            origin, or on the further classes many states and cities protect.
          </p>
          <p>
            Describe the property and your services, never who should live in a home or a neighbourhood. Our
            ad copy is written this way; keep your own follow-up messages and videos the same.
          </p>
        </Topic>
        <Topic title="Referrals go through your broker">
          <p>
            In most states a licensed agent may only be paid for real-estate work, referral fees included,
            through the broker they are licensed under. That is why your broker of record signs the master
            referral agreement with you, and why we need their details before it is sent.
          </p>
        </Topic>
        <Topic title="Check your local MLS rules">
          <p>
            Rules differ from one MLS to the next and change from time to time. Read your MLS's current rules
            on advertising and on the use of listing information, or ask your broker or your MLS's staff. If
            something in your market should change how we advertise for you, e-mail the office and we will
            adjust your ads.
          </p>
        </Topic>
        <Alert variant="default">
          <AlertTitle>General information, not legal advice</AlertTitle>
          <AlertDescription>
            <p>
              This page is a summary to help you ask the right questions. Your broker, your MLS and your
              state's real-estate licensing authority decide what applies to you.
            </p>
          </AlertDescription>
        </Alert>
      </div>
    </OnboardingStepLayout>
  );
}
