/** The mail slice's public surface: what other slices and the app may use (docs/architecture.md). */
export {
  enqueueMail,
  MAIL_QUEUE,
  type MailJob,
  mailQueuePolicy,
  URGENT_MAIL_PRIORITY,
} from './mail.jobs';
export { createMailService, type MailService } from './mail.service';
