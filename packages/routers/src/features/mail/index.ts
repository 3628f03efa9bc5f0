// The mail slice's public surface: other slices import only from here.
export { enqueueMail, type MailJob, type MailJobs } from './mail.jobs';
