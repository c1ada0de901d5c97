import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { env } from '../../../config/env.js';
import { paths, type PolicyName } from '../../../config/paths.js';
import { SELLER_DETAILS_ID, seller, sellerAddressLine } from '../../../config/seller.js';

export const POLICY_TITLES: Record<PolicyName, string> = {
  'privacy-policy': 'Privacy Policy',
  'refund-policy': 'Cancellation & Refunds',
  'shipping-policy': 'Shipping Policy',
  'terms-and-conditions': 'Terms & Conditions',
  'contact-us': 'Contact Us',
};

function Email() {
  return <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>;
}

function PrivacyPolicy() {
  return (
    <>
      <p>
        Royal Pickles (“we”, “us”) respects your privacy. This policy explains what we collect when you visit our website or place an
        order, and how we use it.
      </p>
      <h2>Information we collect</h2>
      <ul>
        <li>Your name, e-mail address and 10-digit phone number (+91).</li>
        <li>Your delivery address: flat or house number, street, area, city, state and pincode.</li>
        <li>The items you order and the amount paid.</li>
      </ul>
      <p>
        We do not create customer accounts. Your cart and checkout details are kept only in your browser's session storage and are
        cleared when you close the tab.
      </p>
      <h2>Payments</h2>
      <p>
        All payments are prepaid and processed by our payment partner, Razorpay. Your card details go directly to Razorpay; we never
        see or store them. We keep only the payment and order identifiers needed to confirm your order.
      </p>
      <h2>How we use your information</h2>
      <ul>
        <li>To process, ship and deliver your order and to send you order confirmations.</li>
        <li>To answer your questions and handle refund or replacement requests.</li>
        <li>To meet our legal and tax obligations.</li>
      </ul>
      <p>We do not sell or rent your personal information. We share it only with our payment and courier partners to fulfil your order.</p>
      <h2>Your choices</h2>
      <p>
        You may ask us to correct or delete your personal information by writing to <Email />. We reply within 1-2 business days.
      </p>
      <p>You must be 18 years of age or older to place an order on this website.</p>
    </>
  );
}

function RefundPolicy() {
  return (
    <>
      <h2>Cancellations</h2>
      <p>
        Our pickles are made fresh in small batches for each order, so <strong>paid orders cannot be cancelled by customers</strong>.
        If an item is out of stock after you have paid, we will contact you within 2 business days and offer a full refund or a
        replacement.
      </p>
      <h2>Damaged, wrong or missing items</h2>
      <p>
        <strong>Refund or replacement requests must be made within 24 hours of delivery</strong>, together with an unboxing video that
        clearly shows the sealed package being opened and the problem with the product. Claims without an unboxing video, or made later
        than 24 hours after delivery, cannot be accepted.
      </p>
      <h2>Parcels that could not be delivered</h2>
      <p>
        If the courier cannot reach you, we e-mail you after each failed attempt so that you can give us a better phone number, address or
        day within 24 hours. A parcel the courier returns to us after its attempts is not sent again: pickles are perishable and a returned
        jar is not resold. We refund the price of the pickles; the shipping charge is refunded only if the failure was ours.
      </p>
      <h2>How refunds work</h2>
      <ul>
        <li>Refund requests are reviewed within 3-5 business days.</li>
        <li>Approved refunds reach your original payment account within 7-10 business days.</li>
        <li>Shipping charges are non-refundable, unless the error is ours (a wrong, damaged or missing item).</li>
      </ul>
      <p>
        To raise a request, write to <Email /> with your order ID and the unboxing video. Our support team replies within 1-2
        business days.
      </p>
    </>
  );
}

function ShippingPolicy() {
  return (
    <>
      <h2>Where we ship</h2>
      <p>We ship pan-India only. We do not offer international shipping.</p>
      <h2>Shipping charges</h2>
      <p>
        Shipping costs ₹50 base per order plus ₹50 per item (counted by the total quantity in your cart). For example, an order of 2
        boxes costs ₹150 to ship. There is no free shipping.
      </p>
      <h2>Payment</h2>
      <p>All orders are prepaid online. We do not offer cash on delivery (COD).</p>
      <h2>Processing and delivery times</h2>
      <ul>
        <li>You will receive an order confirmation within about 36 hours of payment.</li>
        <li>Orders are processed (prepared and packed) within 7-10 days.</li>
        <li>Delivery takes a further 7-10 days after dispatch, depending on your location.</li>
      </ul>
      <p>
        For questions about a delivery, contact us at <Email />. Delivery inquiries are answered within 15 days of payment.
      </p>
      <h2>Prices</h2>
      <p>All prices are in Indian rupees (INR) and are MRP inclusive of GST.</p>
    </>
  );
}

function TermsAndConditions() {
  return (
    <>
      <p>By using this website or placing an order you agree to these terms.</p>
      <h2>Eligibility</h2>
      <p>You must be 18 years of age or older to use this website and buy our products.</p>
      <h2>Products and prices</h2>
      <ul>
        <li>Our pickles are homemade in small batches; colour and texture may vary slightly from batch to batch.</li>
        <li>Prices are in Indian rupees (INR), MRP inclusive of GST, and may change without notice before you order.</li>
        <li>Products marked “Coming Soon” cannot be bought yet.</li>
      </ul>
      <h2>Orders and payment</h2>
      <ul>
        <li>All orders are prepaid online through Razorpay; there is no cash on delivery.</li>
        <li>Paid orders cannot be cancelled by customers.</li>
        <li>Shipping is ₹50 per order plus ₹50 per item, pan-India only.</li>
      </ul>
      <h2>Refunds and replacements</h2>
      <p>
        Refund or replacement requests must be made within 24 hours of delivery with an unboxing video, as described in our
        Cancellation &amp; Refunds policy.
      </p>
      <h2>Governing law</h2>
      <p>These terms are governed by the laws of India, with courts in Delhi having jurisdiction.</p>
    </>
  );
}

function ContactUs() {
  return (
    <>
      <p>We would love to hear from you.</p>
      <h2>Support</h2>
      <ul>
        <li>
          E-mail: <Email />
        </li>
        <li>Location: Delhi, India</li>
      </ul>
      <h2>When to expect a reply</h2>
      <ul>
        <li>Our support team replies within 1-2 business days.</li>
        <li>Delivery inquiries are answered within 15 days of payment.</li>
        <li>If an item you paid for is out of stock, we contact you within 2 business days.</li>
      </ul>
      <p>Please include your order ID when writing about an order.</p>
      <SellerDetails />
    </>
  );
}

/** Where to call and write (and any other way, as `children`), one line each. */
function PhoneAndEmail({ contact, children }: { contact: { phone: string; email: string }; children?: ReactNode }) {
  return (
    <ul>
      <li>
        Phone: <Phone number={contact.phone} />
      </li>
      <li>
        E-mail: <EmailTo address={contact.email} />
      </li>
      {children}
    </ul>
  );
}

/** A phone number as a link the phone can dial ("+91 11 4567 8900" -> "tel:+911145678900"), never broken over two lines. */
function Phone({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/[^\d+]/g, '')}`}>{number.replace(/ /g, '\u00a0')}</a>;
}

function EmailTo({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** A contact that may be a web page, an e-mail address or a phone number. */
function Contact({ value }: { value: string }) {
  if (/^https?:\/\//.test(value)) return <a href={value}>{value}</a>;
  if (value.includes('@')) return <EmailTo address={value} />;
  return <>{value}</>;
}

/**
 * Who sells, as the Consumer Protection (E-Commerce) Rules 2020 ask a seller to show, from the
 * seller profile. The footer's "Seller details" link lands on its heading.
 */
function SellerDetails() {
  const { grievanceOfficer: officer, customerCare, paymentProvider } = seller;
  return (
    <section aria-labelledby={SELLER_DETAILS_ID}>
      <h2 id={SELLER_DETAILS_ID} tabIndex={-1}>
        Seller details
      </h2>
      <ul>
        <li>Legal name: {seller.legalName}</li>
        <li>Trade name: {seller.tradeName}</li>
        <li>
          Address: {sellerAddressLine()} (state code {seller.address.stateCode})
        </li>
        <li>GSTIN: {seller.gstin}</li>
        <li>FSSAI licence number: {seller.fssaiLicence}</li>
        <li>
          Grievance officer (for complaints): {officer.name}, {officer.designation}
          <PhoneAndEmail contact={officer}>
            <li>
              Online: <Link to={paths.complaint}>Raise a complaint</Link> and get a ticket number at once
            </li>
          </PhoneAndEmail>
        </li>
        <li>
          Customer care
          <PhoneAndEmail contact={customerCare} />
        </li>
        <li>
          Payments are processed by {paymentProvider.name}: <Contact value={paymentProvider.contact} />
        </li>
      </ul>
    </section>
  );
}

export const POLICY_CONTENT: Record<PolicyName, () => ReactNode> = {
  'privacy-policy': PrivacyPolicy,
  'refund-policy': RefundPolicy,
  'shipping-policy': ShippingPolicy,
  'terms-and-conditions': TermsAndConditions,
  'contact-us': ContactUs,
};
