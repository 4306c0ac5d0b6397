import { SIGNUP_STEP_STATUS, signupProgress } from '@portal/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { SignupStepName } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What each signup wizard page will ask for, until the page itself is built. */
const STEPS: Record<SignupStepName, { title: string; what: string }> = {
  serviceAgreement: {
    title: 'Service agreement',
    what: 'You will read the service agreement for the advertising we run for you and sign it by e-signature, as the Advertiser.',
  },
  brokerageInfo: {
    title: 'Brokerage information',
    what: "You will enter your brokerage's name and your broker of record: name, phone, e-mail, and who receives the bills.",
  },
  masterAgreement: {
    title: 'Master referral agreement',
    what: 'You will sign the master referral agreement as the Agent; your broker of record then receives an e-mail to sign it as the Broker.',
  },
  mailingAddress: {
    title: 'Mailing address',
    what: 'You will enter the street, city, state and ZIP code where we can send you printed material and documents.',
  },
  personalInfo: {
    title: 'Your name and phone',
    what: 'You will confirm your first and last name and the mobile phone number leads should reach.',
  },
  timezone: {
    title: 'Time zone',
    what: 'You will choose your time zone (Hawaii, Alaska, Pacific, Mountain, Central or Eastern), so leads and calls reach you at sensible hours.',
  },
  sms: {
    title: 'Text message test',
    what: 'We will send a test text message to your mobile phone. You confirm it arrived, ask for it again, or tell us it never came.',
  },
  email: {
    title: 'E-mail test',
    what: 'We will send a test e-mail to your address. You confirm it arrived, ask for it again, or tell us it never came.',
  },
  saveTheNumber: {
    title: 'Save the number',
    what: 'You will see the phone number your leads will call and text from, and can save it to your contacts as a contact card, so you always recognise a lead.',
  },
  lsa: {
    title: 'Google Local Services Ads',
    what: 'You will tell us whether you have, or would like, a Google Local Services Ads profile, which helps sellers in your area find and trust you.',
  },
  googleAds: {
    title: 'Google Ads',
    what: 'You will tell us about your Google Business Profile and Google Ads, so we can set up advertising in your service area.',
  },
  eoInsurance: {
    title: 'E&O insurance',
    what: 'You will say whether you carry errors and omissions insurance and, if you do, upload the certificate and give its expiry date.',
  },
  zoom: {
    title: 'Welcome call',
    what: 'You will book a welcome call with our team over Zoom, to go through how leads reach you and to answer your questions.',
  },
  countdown: {
    title: 'Countdown to go-live',
    what: 'A countdown to the day your advertising goes live and seller leads start to arrive.',
  },
};

/** A signup wizard page that is not built yet: what it will ask and what to do meanwhile. */
export function SignupStepPage({ step }: { step: SignupStepName }) {
  const { title, what } = STEPS[step];
  useDocumentTitle(title);
  const auth = useAuth();
  const status = auth.me?.agent_profile?.signup_status;
  const isCurrent = status !== undefined && SIGNUP_STEP_STATUS[step] === status;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      {status ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" id="signup-progress-label">
            Sign-up progress: {signupProgress(status)}%
          </p>
          <Progress value={signupProgress(status)} aria-labelledby="signup-progress-label" />
        </div>
      ) : null}
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">Part of signing up for the referral programme.</p>
      </div>
      <Card>
        <CardTitle>What this step will ask of you</CardTitle>
        <CardContent>
          <p>{what}</p>
        </CardContent>
      </Card>
      <Alert variant="info">
        <AlertDescription>
          <p>
            {isCurrent ? 'This is your next sign-up step, and it' : 'This step'} cannot be completed in the
            portal yet. You do not need to do anything now: our team will e-mail you to complete it with you,
            and the portal will bring you back here when you sign in.
          </p>
          <p>You can log out and come back later; nothing you have done so far is lost.</p>
        </AlertDescription>
      </Alert>
    </div>
  );
}
