ALTER TABLE "email_verification_tokens" ADD COLUMN "mail_job_id" uuid;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "mail_job_id" uuid;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_mail_job_id_unique" UNIQUE("mail_job_id");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_mail_job_id_unique" UNIQUE("mail_job_id");