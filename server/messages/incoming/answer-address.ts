/**
 * The customer's reply address of a lead: made and read by server/mail/reply-tags.ts, where the
 * staff notifications' tag is kept beside it (the mail layer, so every feature's e-mail can use it).
 */
export { leadIdOfReplyAddress, replyAddressOf } from '../../mail/reply-tags.ts';
