/** /track: the shopper's order tracking (issue 15; being built). */
export default function TrackRoute() {
  return (
    <section className="container">
      <h1>Track your order</h1>
    </section>
  );
}
