import {
  ArrowDownOutlined,
  CalendarOutlined,
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  CommentOutlined,
  FieldTimeOutlined,
  MessageOutlined,
  PhoneOutlined,
} from "@ant-design/icons";
import type { AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { Alert, Skeleton } from "antd";
import { Badge } from "@/shared/ui/badge";
import { lazy, Suspense, type ReactNode } from "react";
import { ChoosePlanAlert } from "@/shared/billing/choose-plan-alert";
import { noSubscriptionLine } from "@/shared/billing/plan-notice";
import { usePlanNotice } from "@/shared/billing/use-plan-notice";
import { formatForwardingDate, silentRange } from "@/shared/forwarding/forwarding-display";
import { useForwardingStatus } from "@/shared/forwarding/forwarding-status";
import { formatPhoneNumber } from "@/shared/lib/status";
import { LinkButton } from "@/shared/ui/link-button";
import { SectionError } from "@/shared/ui/section-error";
import { useStats } from "../api/get-stats";
import { useSummary } from "../api/get-summary";
import { REGISTRATION_CARD_ID } from "@/shared/texting-registration/registration-notice";
import {
  conversationCards,
  formatRate,
  formatSeconds,
  formatTime,
  isAnswered,
  notTextedForNoSubscription,
  notTextedForRegistration,
  RECENT_LIMIT,
  registrationPendingLine,
  smsStatusWords,
} from "../lib/results-display";
import { RevenueCard } from "./revenue-card";

const DailyChart = lazy(() => import("./daily-chart"));

function StatCard({ label, value, hint, testId, icon }: { label: string; value: ReactNode; hint?: string; testId: string; icon: ReactNode }) {
  return (
    <div className="rb-card rb-stat">
      <span className="rb-stat__head">
        <span className="rb-results__label">{label}</span>
        <span className="rb-stat__icon" aria-hidden>
          {icon}
        </span>
      </span>
      <strong className="rb-stat__value" data-testid={testId}>
        {value}
      </strong>
      {hint ? <span className="rb-stat__hint">{hint}</span> : null}
    </div>
  );
}

function EmptyTeach({ title }: { title: string }) {
  return (
    <div className="rb-empty">
      <p className="rb-empty__title">{title}</p>
      <p className="rb-muted">Forward your business phone to your Rebound number, or try a simulated call.</p>
      <LinkButton to="/app/{-$section}" params={{ section: "test" }} buttonType="link" className="rb-inline-link">
        Go to Test
      </LinkButton>
    </div>
  );
}

/**
 * Missed calls recorded but not texted because the account had no subscription in good standing:
 * with the way to checkout while that is still so, as history once the plan is back (or billing cannot say).
 */
function NoSubscriptionNotice({ count }: { count: number }) {
  const { notice, pending, checkout } = usePlanNotice();
  if (count === 0 || pending) return null;
  if (notice) return <ChoosePlanAlert title={noSubscriptionLine(count)} checkout={checkout} testId="results-no-subscription" />;
  return (
    <p className="rb-note" data-testid="results-no-subscription">
      {count} missed {count === 1 ? "call" : "calls"} in these 30 days {count === 1 ? "was" : "were"} not texted back: your account had no active subscription
      then.
    </p>
  );
}

/** Missed calls not texted while US texting registration waits for approval, with the way to the Setup card. */
function RegistrationPendingNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={registrationPendingLine(count)}
      description="US carriers only deliver texts from registered numbers: these callers were not texted while your registration waited for approval."
      action={
        <LinkButton to="/app/{-$section}" params={{ section: "setup" }} hash={REGISTRATION_CARD_ID} buttonType="default">
          Texting registration
        </LinkButton>
      }
      className="rb-plan-alert"
      data-testid="results-registration-pending"
    />
  );
}

/** Under the chart while forwarding is in doubt: what the shaded days mean, and the way to the Test screen. */
function SilentNote({ since, timeZone }: { since: string | null; timeZone?: string }) {
  const when = formatForwardingDate(since, timeZone);
  return (
    <p className="rb-chart__silent-note" data-testid="chart-silent-note">
      <span className="rb-chart__silent-swatch" aria-hidden />
      <span>
        <strong>No forwarded calls</strong>
        {when ? ` since ${when}` : " lately"}: the shaded days may be calls your phone stopped forwarding.{" "}
        <LinkButton to="/app/{-$section}" params={{ section: "test" }} buttonType="link" className="rb-inline-link">
          Test your forwarding
        </LinkButton>
      </span>
    </p>
  );
}

const CONVERSATION_ICONS: Readonly<Record<string, ReactNode>> = {
  "stat-reply-rate": <CommentOutlined />,
  "stat-owner-reply-time": <FieldTimeOutlined />,
  "stat-booked": <CalendarOutlined />,
};

/** Who replied to their text, how fast the owner answered, and what was booked: measured, beside the estimate. */
function ConversationsRow({ summary }: { summary: AnalyticsSummaryResponse }) {
  const { empty, cards } = conversationCards(summary);
  return (
    <section className="rb-section-stack" aria-labelledby="conversations-title">
      <h2 id="conversations-title" className="rb-h3">
        Conversations
      </h2>
      {empty ? (
        <p className="rb-muted" data-testid="conversations-empty">
          No conversations yet. When callers reply to your texts, you will see here how many replied, how fast you answered and what you booked.
        </p>
      ) : (
        <div className="rb-stats-grid" role="group" aria-label="Conversations">
          {cards.map((card) => (
            <StatCard key={card.testId} label={card.label} value={card.value} hint={card.hint} testId={card.testId} icon={CONVERSATION_ICONS[card.testId]} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Your Results: stats cards, 30 days by day, text-back rate, time to text, conversations (reply rate, your reply time, booked), revenue; 5 recent calls and texts. */
export function ResultsSection() {
  const stats = useStats();
  const summary = useSummary();
  // A status that fails to load only leaves the chart unmarked: the Test screen and dashboard say so.
  const forwarding = useForwardingStatus();
  const unavailable = stats.data === null || summary.data === null;
  const timeZone = summary.data?.range.timeZone;
  const silent = summary.data
    ? silentRange(
        forwarding.data,
        summary.data.daily.map((day) => day.date),
        timeZone,
      )
    : null;
  return (
    <div className="rb-section-stack">
      <header className="rb-dash-head">
        <h1 className="rb-h2">Your Results</h1>
        <p className="rb-lead">The last 30 days: every caller you missed, and who you won back.</p>
      </header>
      {unavailable ? (
        <Alert
          type="info"
          showIcon
          title="Results are on their way"
          description="Your numbers will show here as soon as reporting is switched on for your account."
        />
      ) : null}
      {stats.isError ? <SectionError what="your results" onRetry={() => void stats.refetch()} /> : null}

      <div className="rb-stats-grid" aria-label="Totals" role="group">
        {stats.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : stats.data ? (
          <>
            <StatCard label="Total calls" value={stats.data.stats.totalCalls} testId="stat-total-calls" icon={<PhoneOutlined />} />
            <StatCard label="Missed calls" value={stats.data.stats.missedCalls} testId="stat-missed-calls" icon={<ArrowDownOutlined />} />
            <StatCard label="Texts sent" value={stats.data.stats.totalSms} testId="stat-texts-sent" icon={<MessageOutlined />} />
          </>
        ) : null}
        {summary.data ? (
          <>
            <StatCard
              label="Text-back rate"
              value={formatRate(summary.data.textBack.rate)}
              hint={`${summary.data.textBack.texted} of ${summary.data.textBack.missed} missed calls texted`}
              testId="stat-text-back-rate"
              icon={<CheckCircleFilled />}
            />
            <StatCard
              label="Median time to text"
              value={formatSeconds(summary.data.secondsToSent.medianSeconds)}
              hint={`95% within ${formatSeconds(summary.data.secondsToSent.p95Seconds)}`}
              testId="stat-median-seconds"
              icon={<ClockCircleOutlined />}
            />
          </>
        ) : null}
      </div>

      {summary.data ? <NoSubscriptionNotice count={notTextedForNoSubscription(summary.data)} /> : null}
      {summary.data ? <RegistrationPendingNotice count={notTextedForRegistration(summary.data)} /> : null}
      {summary.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {summary.isError ? <SectionError what="your 30-day summary" onRetry={() => void summary.refetch()} /> : null}
      {summary.data ? (
        <>
          <section className="rb-card" aria-labelledby="chart-title">
            <h2 id="chart-title" className="rb-h3">
              Last 30 days
            </h2>
            <p className="rb-visually-hidden">
              {summary.data.totals.calls} calls, {summary.data.totals.missed} missed, {summary.data.totals.texted} texts sent and{" "}
              {summary.data.totals.delivered} delivered between {summary.data.range.from} and {summary.data.range.to}.
            </p>
            <Suspense fallback={<Skeleton.Node active className="rb-chart-skeleton" />}>
              <DailyChart daily={summary.data.daily} silent={silent} />
            </Suspense>
            {silent ? <SilentNote since={silent.since} timeZone={timeZone} /> : null}
          </section>
          <ConversationsRow summary={summary.data} />
          <RevenueCard revenue={summary.data.revenue} callersWhoReplied={summary.data.callersWhoReplied} booked={summary.data.booked} />
        </>
      ) : null}

      {stats.data ? (
        <div className="rb-grid rb-grid--2 rb-recent">
          <section className="rb-card" aria-labelledby="recent-calls">
            <h2 id="recent-calls" className="rb-h3">
              Recent calls
            </h2>
            {stats.data.recentCalls.length === 0 ? (
              <EmptyTeach title="No recent calls" />
            ) : (
              <ul className="rb-recent__list" data-testid="recent-calls">
                {stats.data.recentCalls.slice(0, RECENT_LIMIT).map((call) => (
                  <li key={call.id}>
                    <span className="rb-recent__who">{formatPhoneNumber(call.number)}</span>
                    <span className="rb-recent__when">{formatTime(call.time, timeZone)}</span>
                    <span className="rb-recent__tags">
                      {isAnswered(call.status) ? <Badge tone="success">Answered</Badge> : <Badge tone="warning">Missed</Badge>}
                      {call.responded ? <Badge tone="info">Texted</Badge> : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="rb-card" aria-labelledby="recent-sms">
            <h2 id="recent-sms" className="rb-h3">
              Recent texts
            </h2>
            {stats.data.recentSms.length === 0 ? (
              <EmptyTeach title="No recent SMS" />
            ) : (
              <ul className="rb-recent__list" data-testid="recent-sms">
                {stats.data.recentSms.slice(0, RECENT_LIMIT).map((sms) => {
                  const status = smsStatusWords(sms);
                  return (
                    <li key={sms.id}>
                      <span className="rb-recent__who">{formatPhoneNumber(sms.number)}</span>
                      <span className="rb-recent__when">{formatTime(sms.time, timeZone)}</span>
                      <span className="rb-recent__tags">
                        <Badge tone={status.failed ? "danger" : "success"} testId="sms-status">
                          {status.failed ? <CloseCircleFilled aria-hidden /> : null} {status.label}
                        </Badge>
                        {status.registration ? (
                          <LinkButton
                            to="/app/{-$section}"
                            params={{ section: "setup" }}
                            hash={REGISTRATION_CARD_ID}
                            buttonType="link"
                            size="small"
                            className="rb-inline-link"
                          >
                            Finish registration
                          </LinkButton>
                        ) : null}
                      </span>
                      <span className="rb-recent__message">{sms.message}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}
