/**
 * Every kind of e-mail the outbox sends, by the feature that queues it: each feature composes its
 * own mails, and the outbox (server/mail/) knows none of them.
 */
import { adjusterMailComposers } from './casework/adjuster/adjuster-mail.ts';
import { caseMailComposers } from './case/case-mail.ts';
import { reportMailComposers } from './casework/report/report-mail.ts';
import { leadMailComposers } from './leads/lead-mails.ts';
import { requesterMailComposers } from './leads/requester-receipt.ts';
import { leadMessageMailComposers } from './messages/outgoing/message-mail.ts';
import { answerMailComposers } from './messages/incoming/answer-mail.ts';
import { smsBudgetMailComposers } from './messages/outgoing/sms-budget.ts';
import type { MailComposers } from './mail/compose.ts';
import { oncallMailComposers } from './oncall/paging/oncall-mail.ts';
import { rotaNoticeMailComposers } from './oncall/rota/rota-notice.ts';
import { staffMailComposers } from './staff/login-mail.ts';
import { caseClockMailComposers } from './casework/clocks/report-reminder.ts';
import { satisfactionMailComposers } from './case/satisfaction.ts';
import { satisfactionQuestionMailComposers } from './messages/outgoing/satisfaction-question.ts';

export const mailComposers: MailComposers = {
  ...leadMailComposers,
  ...requesterMailComposers,
  ...caseMailComposers,
  ...reportMailComposers,
  ...leadMessageMailComposers,
  ...answerMailComposers,
  ...smsBudgetMailComposers,
  ...oncallMailComposers,
  ...rotaNoticeMailComposers,
  ...staffMailComposers,
  ...caseClockMailComposers,
  ...adjusterMailComposers,
  ...satisfactionMailComposers,
  ...satisfactionQuestionMailComposers,
};
