/** Dates on the tracking page, in India time whatever the shopper's device says. */
const dayFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true });

/** "20 November 2026". */
export function formatIndiaDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "11:00 am IST". */
export function formatIndiaTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} IST`;
}
