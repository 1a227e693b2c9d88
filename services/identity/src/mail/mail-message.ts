/** One rendered e-mail, whatever carries it (SMTP or the dev mailbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links in the message, in order: the dev mailbox lists them. */
  links: string[];
}
