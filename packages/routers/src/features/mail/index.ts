// The mail slice's public surface (other slices import only this file).
export { enqueueMail, type MailJob, type MailJobs } from './mail.jobs';
