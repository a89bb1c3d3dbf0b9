import { SiteFooter } from "@/shared/ui/site-footer";
import { About, FinalCta } from "./about-and-cta";
import { Benefits } from "./benefits";
import { FaqSection } from "./faq-section";
import { FloatingCallButton, Hero } from "./hero";
import { HowItWorks } from "./how-it-works";
import { Industries } from "./industries";
import { LandingHeader } from "./landing-header";
import { Pricing } from "./pricing";
import { ProductVideo } from "./product-video";
import { RevenueWidget } from "./revenue-widget";
import { StatsStrip } from "./stats-strip";
import { Testimonials } from "./testimonials";

/** The landing page, its sections in the order of docs/product.md section 2. */
export function LandingPage() {
  return (
    <div className="rb-page">
      <LandingHeader />
      <main id="main">
        <Hero />
        <StatsStrip />
        <ProductVideo />
        <RevenueWidget />
        <Benefits />
        <HowItWorks />
        <Industries />
        <Testimonials />
        <Pricing />
        <FaqSection />
        <About />
        <FinalCta />
      </main>
      <SiteFooter />
      <FloatingCallButton />
    </div>
  );
}
