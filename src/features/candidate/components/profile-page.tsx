/**
 * `/v1/candidate/profile` (issue 10, spec §2 signed-in routes, §3 profile, §4 profile state):
 * who the candidate is to referees, how complete that is and what the missing parts unlock, the
 * CV and its parse state (replace it through the resume update dialog), and every application.
 * Everything reads from persisted data first, so the page opens offline.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { lazy, useState, type ReactNode } from 'react';
import buttons from '@/lib/ui/button.module.css';
import { MantineBoundary } from '@/lib/ui/mantine-boundary';
import { CANDIDATE_DASHBOARD, followsLastDashboard } from '@/domain/roles';
import { useSession, type SessionSummary } from '@/lib/auth';
import { canOpenRoute, findRouteGuard } from '@/domain/route-access';
import { basicDetailsQuery, isMissingProfile, type BasicDetails } from '@/lib/profile';
import { completeness } from '../completeness';
import { useDashboardVisit } from '../use-dashboard-visit';
import { ApplicationsList } from './applications-list';
import { CvSection } from './cv-section';
import classes from './profile-page.module.css';

export interface ProfilePageProps {
  /** The in-app "edit profile" redirect's way back (spec §2), already checked to be ours. */
  readonly returnUrl?: string;
}

// The edit form is Mantine: it loads (with Mantine) only when the candidate opens it.
const ProfileForm = lazy(() => import('./profile-form').then((m) => ({ default: m.ProfileForm })));

/** "Edit profile": opened at once when the page was reached through the edit redirect (spec §2),
 * which then returns to where the candidate came from after saving. */
function ProfileEditor({ returnUrl }: { returnUrl: string | undefined }) {
  const [open, setOpen] = useState(Boolean(returnUrl));
  const navigate = useNavigate();
  return (
    <section className={classes.card} aria-labelledby="edit-heading">
      <h2 id="edit-heading" className={classes.cardTitle}>
        Edit profile
      </h2>
      {open ? (
        <MantineBoundary>
          <ProfileForm
            onSaved={() => {
              // Issue 26 item 6: otherwise stay in place (collapsing the form jumped the page to
              // its footer); the form confirms the save with a toast.
              if (returnUrl) void navigate({ href: returnUrl });
            }}
          />
        </MantineBoundary>
      ) : (
        <button type="button" className={buttons.secondary} onClick={() => setOpen(true)}>
          Edit your details
        </button>
      )}
    </section>
  );
}

export function ProfilePage({ returnUrl }: ProfilePageProps) {
  const session = useSession();
  if (!session) {
    // The route guard normally sends signed-out visitors to login first.
    return (
      <div className={classes.page}>
        <h1 className={classes.name}>Your profile</h1>
        <p>
          <Link to="/auth/login">Sign in</Link> to see your profile, CV and applications.
        </p>
      </div>
    );
  }
  return <CandidateProfile session={session} editor={<ProfileEditor returnUrl={returnUrl} />} />;
}

function Skills({ title, skills }: { title: string; skills: readonly { skillName: string }[] }) {
  if (skills.length === 0) return null;
  return (
    <div>
      <h3 className={classes.subTitle}>{title}</h3>
      <ul className={classes.skills}>
        {skills.map((s) => (
          <li key={s.skillName}>{s.skillName}</li>
        ))}
      </ul>
    </div>
  );
}

function Facts({ details }: { details: BasicDetails }) {
  const rows: [string, string | null][] = [
    ['Designation', details.candidateExperience?.designation ?? null],
    ['Experience', details.YOE != null ? `${details.YOE} years` : null],
    ['Current CTC', details.CTC != null ? `${details.CTC} lakhs per annum` : null],
    ['Expected CTC', details.ECTC != null ? `${details.ECTC} lakhs per annum` : null],
    ['Notice period', details.noticePeriod != null ? `${details.noticePeriod} days` : null],
    ['Referrals left', details.referralCount != null ? String(details.referralCount) : null],
  ];
  return (
    <dl className={classes.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? 'Not added yet'}</dd>
        </div>
      ))}
    </dl>
  );
}

function canCreateProfile(session: SessionSummary): boolean {
  const guard = findRouteGuard('/post-signup-form');
  return guard !== undefined && canOpenRoute(guard, session);
}

function CandidateProfile({ session, editor }: { session: SessionSummary; editor: ReactNode }) {
  useDashboardVisit(CANDIDATE_DASHBOARD);
  const details = useQuery(basicDetailsQuery(session.sub));
  const data = details.data;
  const name = data?.fullName || session.fullName || session.email;
  const meter = data ? completeness(data) : null;
  // issue 26 item 1: a signed-in user without a profile completes it first (whatever way they
  // signed in); nothing here works without one.
  if (!data && isMissingProfile(details.error) && canCreateProfile(session)) {
    return <Navigate to="/post-signup-form" replace />;
  }
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <span className={classes.avatar} aria-hidden="true">
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div>
          <h1 className={classes.name}>{name}</h1>
          <p className={classes.muted}>{session.email}</p>
        </div>
        {followsLastDashboard(session) && (
          <Link to="/v1/employee/profile" className={classes.switch}>
            Switch to the employee dashboard
          </Link>
        )}
      </header>

      {details.isError && !data && (
        <p role="alert" className={classes.error}>
          Your profile could not be loaded. Check your connection and reload the page.
        </p>
      )}

      {meter && (
        <section className={classes.card} aria-labelledby="completeness-heading">
          <h2 id="completeness-heading" className={classes.cardTitle}>
            Profile {meter.percent}% complete
          </h2>
          <div
            className={classes.meter}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={meter.percent}
            aria-labelledby="completeness-heading"
          >
            <span style={{ width: `${meter.percent}%` }} />
          </div>
          <ul className={classes.checklist}>
            {meter.items.map((item) => (
              <li key={item.label} data-done={item.done}>
                <strong>
                  {item.done ? '✓' : '•'} {item.label}
                </strong>
                {!item.done && <span className={classes.muted}> — {item.unlocks}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data && (
        <section className={classes.card} aria-labelledby="about-heading">
          <h2 id="about-heading" className={classes.cardTitle}>
            About you
          </h2>
          <Facts details={data} />
          <Skills title="Core skills" skills={data.coreSkills} />
          <Skills title="Soft skills" skills={data.softSkills} />
          <Skills title="Technical skills" skills={data.technicalSkills ?? []} />
          {data.about && <p className={classes.about}>{data.about}</p>}
        </section>
      )}

      {editor}
      <CvSection session={session} details={data} />
      <ApplicationsList session={session} />
    </div>
  );
}
