import "@/styles/signed-in.css";
import { LockOutlined } from "@ant-design/icons";
import { Button, Skeleton } from "antd";
import { useState } from "react";
import { useUser } from "@/shared/auth/get-user";
import { useBusiness } from "@/shared/business/get-business";
import { SectionError } from "@/shared/ui/section-error";
import { ChangePasswordDialog } from "./change-password-dialog";
import { ConsentLogCard } from "./consent-log-card";
import { ProfileForm } from "./profile-form";
import { TextingRulesForm } from "./texting-rules-form";

/** Settings: profile, password, the texting rules, and the consent log export. */
export function SettingsPage() {
  const { user } = useUser();
  const business = useBusiness();
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <div className="rb-settings">
      <header className="rb-doc__header">
        <h1 className="rb-h2">Settings</h1>
        <p className="rb-lead">Your account and how Rebound texts your callers.</p>
      </header>
      <section className="rb-card rb-form-card" aria-labelledby="profile-settings">
        <h2 id="profile-settings" className="rb-h3">
          Profile
        </h2>
        {user ? <ProfileForm user={user} /> : <Skeleton active />}
      </section>
      <section className="rb-card rb-form-card" aria-labelledby="security-settings">
        <h2 id="security-settings" className="rb-h3">
          Password
        </h2>
        <p className="rb-muted">Changing your password signs you out on your other devices.</p>
        <Button icon={<LockOutlined />} onClick={() => setPasswordOpen(true)} className="rb-start">
          Change Password
        </Button>
        <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      </section>
      <section className="rb-card rb-form-card" aria-labelledby="texting-settings">
        <h2 id="texting-settings" className="rb-h3">
          Texting rules
        </h2>
        {business.isPending ? (
          <Skeleton active />
        ) : business.isError ? (
          <SectionError onRetry={() => void business.refetch()} />
        ) : (
          <TextingRulesForm key={business.data.id} business={business.data} />
        )}
      </section>
      <ConsentLogCard />
    </div>
  );
}
