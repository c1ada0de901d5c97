/* A worker the page starts at its first paint (scripts/prerender.ts), beside its scripts. The first
   Intl formatter a page makes initialises the browser's ICU data: measured in Chromium at 80-180 ms
   of a 4x-slowed main thread for the first NumberFormat, 100-230 ms for the first DateTimeFormat with
   a time zone. Chromium shares that data across the threads of a page, so making the shop's
   formatters here first leaves the main thread's own (prices, India times) at about a millisecond.
   Where a browser does not share it, this only costs a short-lived worker. */
new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(1050);
new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(0);
close();
