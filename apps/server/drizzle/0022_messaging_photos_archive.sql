CREATE TABLE "conversation_preferences" (
	"user_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"archived_at" timestamp with time zone,
	"muted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_preferences_user_id_partner_id_pk" PRIMARY KEY("user_id","partner_id"),
	CONSTRAINT "conversation_preferences_not_self_check" CHECK ("conversation_preferences"."user_id" <> "conversation_preferences"."partner_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_preferences" ADD CONSTRAINT "conversation_preferences_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_preferences" ADD CONSTRAINT "conversation_preferences_partner_id_profiles_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_or_images_check" CHECK ("messages"."content" <> '' or cardinality("messages"."images") > 0);