import type { OnboardingSteps } from '@portal/shared';
import type { OnboardingPagePath } from '@/config/paths';

/**
 * The onboarding sections of SPEC.md section 2 and the route of each step, in the order an
 * agent goes through them. Titles match the shared rules' sections (packages/shared
 * rules/onboarding.ts), which decide the status; Agreements is not one of them.
 */
export const ONBOARDING_SECTIONS: { title: string; pages: OnboardingPagePath[] }[] = [
  { title: 'Start Here', pages: ['start/introduction', 'start/my_team', 'start/broker_of_record'] },
  { title: 'Media Upload', pages: ['media/headshots', 'media/additional_photos', 'media/Branding'] },
  { title: 'Lead Routing', pages: ['leadRouting/lead_routing', 'leadRouting/service_area'] },
  {
    title: 'Licences',
    pages: ['Licences/licenses_details', 'Licences/eo_insurance', 'Licences/mls_compliance'],
  },
  {
    title: 'Videos',
    pages: ['video/video_introduction', 'video/script_instructions', 'video/videos_upload'],
  },
  { title: 'Agreements', pages: ['agreements/service_agreement', 'agreements/master_referral_agreement'] },
];

/** The pages in order, for Back and Continue. */
export const ONBOARDING_ORDER: OnboardingPagePath[] = ONBOARDING_SECTIONS.flatMap((section) => section.pages);

/**
 * The onboarding step (agent record's onboarding_steps) each page completes: only steps the
 * shared rules count (SPEC.md's section table and the two agreements). Other pages (Video
 * introduction, MLS compliance) are guidance: no status of their own, here or on the overview.
 */
export const ONBOARDING_PAGE_STEP: Partial<Record<OnboardingPagePath, keyof OnboardingSteps>> = {
  'start/introduction': 'introduction',
  'start/my_team': 'my_team',
  'start/broker_of_record': 'broker_of_record',
  'media/headshots': 'headshots',
  'media/additional_photos': 'additional_photos',
  'media/Branding': 'branding',
  'leadRouting/lead_routing': 'lead_routing',
  'leadRouting/service_area': 'service_area',
  'Licences/licenses_details': 'licenses_details',
  'Licences/eo_insurance': 'eo_insurance',
  'video/script_instructions': 'script_instructions',
  'video/videos_upload': 'videos_upload',
  'agreements/service_agreement': 'service_agreement',
  'agreements/master_referral_agreement': 'master_referral_agreement',
};

/** What each onboarding page will ask for, in plain words. */
export const ONBOARDING_PAGE_COPY: Record<OnboardingPagePath, { title: string; what: string[] }> = {
  'start/introduction': {
    title: 'Introduction',
    what: [
      'A short welcome and an overview of the programme: where seller leads come from, how they reach you and what each onboarding step is for.',
    ],
  },
  'start/my_team': {
    title: 'My team',
    what: [
      'Whether you work with a real-estate team, its name and logo, and your sub-agents with their phone numbers.',
    ],
  },
  'start/broker_of_record': {
    title: 'Broker of record',
    what: [
      "Your broker of record's name, phone and e-mail and your brokerage.",
      'Whether the broker is the billing contact or, if not, the billing contact’s name, phone and e-mail.',
    ],
  },
  'media/headshots': {
    title: 'Headshots',
    what: ['Uploading at least one professional headshot; it appears in the advertising sellers see.'],
  },
  'media/additional_photos': {
    title: 'Additional photos',
    what: ['Whether you have other photos of you at work or in your area, and uploading them if you do.'],
  },
  'media/Branding': {
    title: 'Branding',
    what: [
      "Uploading your brokerage's logo and, if you have a team, your team's logo, so the advertising matches your brand.",
    ],
  },
  'leadRouting/lead_routing': {
    title: 'Lead routing',
    what: [
      'Who receives your leads besides you (team members or other primary agents), and whether each one gets a text message, an e-mail and/or a phone call.',
      'The step is done once at least one person besides you is set up.',
    ],
  },
  'leadRouting/service_area': {
    title: 'Service area',
    what: [
      'The states, counties and ZIP codes you serve, and the cities or ZIP codes to leave out. Leads are matched to you by ZIP code.',
    ],
  },
  'Licences/licenses_details': {
    title: 'Licence details',
    what: ['The number, state, type and expiry date of each real-estate licence you hold.'],
  },
  'Licences/eo_insurance': {
    title: 'E&O insurance',
    what: [
      'Whether you carry errors and omissions insurance and, if you do, the certificate and its expiry date.',
    ],
  },
  'Licences/mls_compliance': {
    title: 'MLS compliance',
    what: [
      'The MLS rules that apply to advertising and referrals in your area, and how the programme’s advertising respects them.',
    ],
  },
  'video/video_introduction': {
    title: 'Video introduction',
    what: ['Why short videos help sellers choose you, and what you will be asked to record.'],
  },
  'video/script_instructions': {
    title: 'Script instructions',
    what: ['The scripts for your videos and how to record them: length, framing, light and sound.'],
  },
  'video/videos_upload': {
    title: 'Video upload',
    what: ['Uploading the videos you recorded from the scripts, for use in your advertising.'],
  },
  'video/videos_upload_old': {
    title: 'Video upload (previous version)',
    what: ['The earlier video upload page. Uploads are moving to the Video upload step.'],
  },
  'agreements/service_agreement': {
    title: 'Service agreement',
    what: [
      'Reading the service agreement for your advertising and signing it by e-signature, as the Advertiser.',
    ],
  },
  'agreements/master_referral_agreement': {
    title: 'Master referral agreement',
    what: [
      'Signing the master referral agreement as the Agent; your broker of record then receives an e-mail to sign it as the Broker.',
      "Your broker's name and e-mail must be filled in first.",
    ],
  },
};
