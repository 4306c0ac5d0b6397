import type { ReactNode } from 'react';
import type { SignupStepName } from '@/config/paths';
import { AgreementStep } from '../components/agreement-step';
import { BrokerageInfoForm } from '../components/brokerage-info-form';
import { CallBooking } from '../components/call-booking';
import { Countdown } from '../components/countdown';
import { EoInsuranceForm } from '../components/eo-insurance-form';
import { GoogleAdsForm } from '../components/google-ads-form';
import { LsaForm } from '../components/lsa-form';
import { MailingAddressForm } from '../components/mailing-address-form';
import { MessageTest } from '../components/message-test';
import { PersonalInfoForm } from '../components/personal-info-form';
import { SaveTheNumber } from '../components/save-the-number';
import { TimezoneForm } from '../components/timezone-form';
import { WizardFrame } from '../components/wizard-frame';

/** Every /signup/<step> page: its frame, a line on why it matters, and the step itself. */
export const SIGNUP_WIZARD_PAGES: Record<SignupStepName, ReactNode> = {
  serviceAgreement: (
    <WizardFrame page="serviceAgreement" intro={<p>The agreement for the advertising we run for you.</p>}>
      {(agent) => <AgreementStep page="serviceAgreement" agent={agent} />}
    </WizardFrame>
  ),
  brokerageInfo: (
    <WizardFrame
      page="brokerageInfo"
      intro={<p>Your brokerage and broker of record, who also signs the master referral agreement.</p>}
    >
      {(agent) => <BrokerageInfoForm agent={agent} />}
    </WizardFrame>
  ),
  masterAgreement: (
    <WizardFrame
      page="masterAgreement"
      intro={<p>The referral agreement between you, your broker and us.</p>}
    >
      {(agent) => <AgreementStep page="masterAgreement" agent={agent} />}
    </WizardFrame>
  ),
  mailingAddress: (
    <WizardFrame page="mailingAddress" intro={<p>Where we send printed material and documents.</p>}>
      {(agent) => <MailingAddressForm agent={agent} />}
    </WizardFrame>
  ),
  personalInfo: (
    <WizardFrame page="personalInfo" intro={<p>How sellers and the office will know you and reach you.</p>}>
      {(agent) => <PersonalInfoForm agent={agent} />}
    </WizardFrame>
  ),
  timezone: (
    <WizardFrame page="timezone" intro={<p>So leads, calls and reminders reach you at sensible hours.</p>}>
      {(agent) => <TimezoneForm agent={agent} />}
    </WizardFrame>
  ),
  sms: (
    <WizardFrame
      page="sms"
      intro={<p>Leads reach you by text message. Let us make sure our texts get through to your phone.</p>}
    >
      {(agent, email) => <MessageTest channel="sms" agent={agent} accountEmail={email} />}
    </WizardFrame>
  ),
  email: (
    <WizardFrame
      page="email"
      intro={<p>Lead details and reminders come by e-mail too. Let us make sure they reach your inbox.</p>}
    >
      {(agent, email) => <MessageTest channel="email" agent={agent} accountEmail={email} />}
    </WizardFrame>
  ),
  saveTheNumber: (
    <WizardFrame page="saveTheNumber" intro={<p>Every lead calls and texts you from one number: save it.</p>}>
      {(agent) => <SaveTheNumber agent={agent} />}
    </WizardFrame>
  ),
  lsa: (
    <WizardFrame
      page="lsa"
      intro={
        <p>
          Local Services Ads appear at the very top of Google when homeowners search for an agent nearby, with
          a "Google Guaranteed" badge that sellers trust. You pay per lead, not per click.
        </p>
      }
    >
      {(agent) => <LsaForm agent={agent} />}
    </WizardFrame>
  ),
  googleAds: (
    <WizardFrame
      page="googleAds"
      intro={<p>We run Google Ads in your service area to bring you seller leads. Choose when they start.</p>}
    >
      {(agent) => <GoogleAdsForm agent={agent} />}
    </WizardFrame>
  ),
  eoInsurance: (
    <WizardFrame
      page="eoInsurance"
      intro={<p>Errors and omissions insurance protects you, and Google asks for it before some ads run.</p>}
    >
      {(agent) => <EoInsuranceForm agent={agent} />}
    </WizardFrame>
  ),
  zoom: (
    <WizardFrame
      page="zoom"
      intro={
        <p>A short call with our team to set up your profile, service area and lead routing together.</p>
      }
    >
      {(agent) => <CallBooking agent={agent} />}
    </WizardFrame>
  ),
  countdown: (
    <WizardFrame
      page="countdown"
      intro={<p>You are nearly there. Here is what happens until your ads go live.</p>}
    >
      {(agent) => <Countdown agent={agent} />}
    </WizardFrame>
  ),
};
