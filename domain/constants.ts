/**
 * Every figure, promise and limit of the business, defined once. Pages, forms, e-mails and the
 * server all read from here so they can never disagree.
 */

/**
 * Marketing figures. The handled damages and the customers' satisfaction are not here: they are
 * counted (domain/claims.ts), never written down.
 */
export const figures = {
  yearsOfExperience: 10,
  damageImpactReductionPercent: 70,
} as const;

/** Service promises. Durations are written as Danish text where they are ranges. */
export const promises = {
  emergencyCallbackMinutes: 15,
  replyHours: 24,
  emailReplyHoursInWorkingHours: 2,
  arrivalMinutes: { min: 30, max: 90 },
  onSiteHours: { min: 2, max: 4 },
  mobilisationHoursMajorCities: { min: 1, max: 2 },
  housingFoundHours: { min: 24, max: 48 },
  documentationHours: { min: 2, max: 3 },
  initialAssessmentHours: 2,
  writtenConfirmationOfOralEmergencyAgreementHours: 24,
} as const;

/** Terms of trade. */
export const terms = {
  paymentNetDays: 14,
  surchargePercent: { eveningNight: 50, weekend: 25, holiday: 100 },
  eveningNightHours: { from: 17, to: 8 },
  complaintDays: 14,
  terminationNoticeDays: 14,
  liabilityCapDkk: 5_000_000,
  smallDisputeLimitDkk: 100_000,
  venue: 'Roskilde',
} as const;

/** Privacy. */
export const retention = {
  customerDataYearsAfterContract: 5,
  contactEnquiriesYears: 2,
  analyticsMonths: 26,
  requestAnswerDays: 30,
  /**
   * Uploaded images never attached to a lead are deleted this long after their upload URL was
   * issued (the URL itself works for 15 minutes), so unsent photos cannot pile up on the disk.
   */
  unattachedUploadMinutes: 60,
} as const;

/** Office hours for phone and e-mail; the emergency line is open around the clock. */
export const officeHours = {
  openHour: 8,
  closeHour: 17,
} as const;

/** Course lengths in days. */
export const courseDays = {
  riskPrevention: 1,
  documentation3d: 2,
  damageCoordination: 1,
  serviceAndQuality: 1,
} as const;

/** Upload and form limits. */
export const limits = {
  emergencyMaxImages: 3,
  reportMaxImages: 10,
  maxImageBytes: 10 * 1024 * 1024,
  /**
   * Width × height an image's header may claim, at most: a small file can claim gigapixels that a
   * mail client or browser then tries to decode (30000 × 30000 is 3.6 GB). A 50-megapixel phone
   * photo still fits.
   */
  maxImagePixels: 50_000_000,
  addressMinChars: 3,
  addressResults: 8,
  addressDebounceMs: 300,
} as const;

/**
 * The customer's own case page (/sag/<token>): what a customer may add after the form. Photos count
 * per case, all time and per Danish calendar day; each photo is at most `limits.maxImageBytes`.
 */
export const casePage = {
  maxExtraPhotos: 10,
  maxExtraPhotosPerDay: 6,
  messageMaxChars: 1000,
  messagesPerDay: 5,
} as const;

/**
 * What one client may upload (an IPv4 address, or an IPv6 /64: one household or phone gets a whole
 * /64): bytes per hour, counted when it asks for upload URLs; and of the site-wide bytes waiting to
 * be sent with a lead (UPLOAD_PENDING_MAX_MB), at most `clientSharePercent`, but never less than
 * one photo, so a few addresses cannot fill the site for everyone.
 */
export const uploadBudget = {
  perIpBytesPerHour: 200 * 1024 * 1024,
  windowMs: 60 * 60_000,
  /** 5 % of the default 2048 MB is 102 MB: a damage report's 10 photos of 10 MB fit. */
  clientSharePercent: 5,
  clientShareMinBytes: limits.maxImageBytes,
  /**
   * An upload URL whose bytes have not arrived counts its declared size against the site-wide
   * budget for this long only (the URL itself stays usable for 15 minutes).
   */
  emptyReservationMs: 2 * 60_000,
} as const;

/** The staff inbox: leads per page of the list, and at most this many in one bulk change. */
export const inbox = {
  pageSize: 50,
  bulkMaxLeads: 100,
} as const;

/** Interface constants. */
export const ui = {
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  toastRemoveDelayMs: 1_000_000,
  drawerWidthPx: 300,
  lazyImageThreshold: 0.1,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

/**
 * Messages to customers waiting for a call (docs/decisions/lead-messages.md): the longest text
 * staff may write, and the most leads one batch update may reach (each costs an e-mail and, for
 * a mobile number, an SMS of up to 7 parts).
 */
export const leadMessages = {
  maxChars: 1000,
  batchMaxLeads: 2000,
  /** The longest message staff may write to one customer from the lead page. */
  threadMaxChars: 2000,
  /** The same batch text is refused again within these minutes (a double press, a second koordinator). */
  batchRepeatMinutes: 10,
  /** The recipients a batch preview lists by name; the rest are counted. */
  batchPreviewListed: 50,
  /** A lead's customer hears of status changes by SMS at most once in these minutes (e-mail always). */
  statusSmsEveryMinutes: 10,
} as const;
