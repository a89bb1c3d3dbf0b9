import { StarFilled } from "@ant-design/icons";

const TESTIMONIALS = [
  {
    name: "Mike Delgado",
    business: "Delgado Plumbing, Phoenix AZ",
    text: "I used to lose two or three jobs a week because I couldn't answer from under a sink. Now every caller gets a text and most of them wait for me.",
    rating: 5,
  },
  {
    name: "Dr. Priya Shah",
    business: "Brightside Dental, Austin TX",
    text: "Our front desk can't catch every call at 8 AM. Patients get a text with our booking link, and new-patient bookings are up.",
    rating: 5,
  },
  {
    name: "Tony Russo",
    business: "Russo's Trattoria, Providence RI",
    text: "During the dinner rush nobody picks up the phone. Rebound sends our reservation link and we fill tables we would have lost.",
    rating: 5,
  },
  {
    name: "Sarah Kim",
    business: "Kim Family Law, Seattle WA",
    text: "Clients who reach voicemail call the next lawyer. Now they get a reply in seconds and book a consultation.",
    rating: 5,
  },
  {
    name: "Dave Thompson",
    business: "Thompson Roofing, Tulsa OK",
    text: "Setup took five minutes in the truck. The first week it saved a $9,000 roof job. It paid for itself for years.",
    rating: 5,
  },
  {
    name: "Maria Gonzalez",
    business: "Sparkle Cleaning Co., Miami FL",
    text: "I run the business from my phone between jobs. The after-hours message alone brought in new weekly clients.",
    rating: 5,
  },
];

export function Testimonials() {
  return (
    <section id="testimonials" className="rb-section rb-anchor" aria-labelledby="reviews-title">
      <div className="rb-container">
        <h2 id="reviews-title" className="rb-h2 rb-center">
          Owners who stopped losing calls
        </h2>
        <ul className="rb-grid rb-grid--3">
          {TESTIMONIALS.map((review) => (
            <li key={review.name} className="rb-card rb-review">
              <p className="rb-review__stars" role="img" aria-label={`Rated ${review.rating} out of 5`}>
                {Array.from({ length: review.rating }, (_, index) => (
                  <StarFilled key={index} aria-hidden />
                ))}
              </p>
              <blockquote className="rb-review__text">“{review.text}”</blockquote>
              <p className="rb-review__who">
                <strong>{review.name}</strong>
                <span>{review.business}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
