import { unmeasuredClaims } from '../../domain/claims';
import { courseDays, figures, promises, terms } from '../../domain/constants';
import { callbackWithinAtStart, callbackWithinText, normalCallbackPromise } from '../../domain/surge';
import type { Stat } from '~/components/sections/types';

/**
 * The figures of domain/constants.ts written as Danish text, so every page says the same.
 * Ranges use an en dash; percentages a space before %, as in Danish typesetting.
 */
export const figureText = {
  years: `${figures.yearsOfExperience}+`,
  readiness: '24/7',
  impactReduction: `op til ${figures.damageImpactReductionPercent} %`,
  callback: `${promises.emergencyCallbackMinutes} minutter`,
  /**
   * Every sentence that promises a callback says it with these ("inden for 15 minutter"): the
   * server swaps them for the wait while the site is in surge (domain/surge.ts).
   */
  callbackWithin: callbackWithinText(normalCallbackPromise),
  callbackWithinAtStart: callbackWithinAtStart(normalCallbackPromise),
  reply: `${promises.replyHours} timer`,
  emailReply: `${promises.emailReplyHoursInWorkingHours} timer`,
  arrival: `${promises.arrivalMinutes.min}–${promises.arrivalMinutes.max} minutter`,
  onSite: `${promises.onSiteHours.min}–${promises.onSiteHours.max} timer`,
  mobilisation: `${promises.mobilisationHoursMajorCities.min}–${promises.mobilisationHoursMajorCities.max} timer`,
  housing: `${promises.housingFoundHours.min}–${promises.housingFoundHours.max} timer`,
  documentation: `${promises.documentationHours.min}–${promises.documentationHours.max} timer`,
  initialAssessment: `${promises.initialAssessmentHours} timer`,
} as const;

/**
 * The standard statistics (About page; others pick from them). The handled damages and the
 * satisfaction are built saying what we do; the server swaps in what is counted, with its basis
 * (domain/claims.ts).
 */
export const standardStats = {
  years: { value: figureText.years, label: 'års erfaring', icon: 'clock' },
  handledDamages: { ...unmeasuredClaims.handledCases, icon: 'shield-check' },
  satisfaction: { ...unmeasuredClaims.satisfaction, icon: 'badge-check' },
  readiness: { value: figureText.readiness, label: 'beredskab', icon: 'siren' },
  impactReduction: {
    value: `${figures.damageImpactReductionPercent} %`,
    label: 'mindre skadesomfang',
    icon: 'trending-down',
  },
} satisfies Record<string, Stat>;

/** '1 dag', '2 dage'. */
export function daysText(days: number): string {
  return days === 1 ? '1 dag' : `${days} dage`;
}

/** Course lengths, as shown on /kursus and elsewhere. */
export const courseDurationText = {
  riskPrevention: daysText(courseDays.riskPrevention),
  documentation3d: daysText(courseDays.documentation3d),
  damageCoordination: daysText(courseDays.damageCoordination),
  serviceAndQuality: daysText(courseDays.serviceAndQuality),
} as const;

/** Terms-of-trade figures as Danish text, for pages that summarise the terms. */
export const termsText = {
  paymentNet: `netto ${terms.paymentNetDays} dage`,
  terminationNotice: `${terms.terminationNoticeDays} dages skriftligt varsel`,
  surchargeEveningNight: `+${terms.surchargePercent.eveningNight} %`,
  surchargeWeekend: `+${terms.surchargePercent.weekend} %`,
  surchargeHoliday: `+${terms.surchargePercent.holiday} %`,
  eveningNightHours: `kl. ${terms.eveningNightHours.from}–${String(terms.eveningNightHours.to).padStart(2, '0')}`,
  oralAgreementConfirmation: `${promises.writtenConfirmationOfOralEmergencyAgreementHours} timer`,
} as const;
