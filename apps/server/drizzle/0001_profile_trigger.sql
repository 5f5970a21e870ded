-- Every new account gets its profile in the same transaction, with the specification's
-- defaults (role user, status active, is_admin false, is_captain true, counts 0, rating 0).
CREATE OR REPLACE FUNCTION castline_create_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (id, username, email, created_at, updated_at)
  VALUES (NEW.id, NEW.name, NEW.email, NEW.created_at, NEW.updated_at);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_profile
  AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION castline_create_profile();
--> statement-breakpoint
-- Keep the profile's copy of the email in step with the account.
CREATE OR REPLACE FUNCTION castline_sync_profile_email() RETURNS trigger AS $$
BEGIN
  UPDATE profiles SET email = NEW.email, updated_at = now() WHERE id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_sync_profile_email
  AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION castline_sync_profile_email();
