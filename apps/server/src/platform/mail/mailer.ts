export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One interface, two drivers: the database outbox (default) and SMTP. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
