ALTER TABLE "ads" ADD COLUMN "alt_media_id" uuid;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_alt_media_id_media_id_fk" FOREIGN KEY ("alt_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_alt_media_idx" ON "ads" USING btree ("alt_media_id") WHERE alt_media_id is not null;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_alt_media_check" CHECK (alt_media_id is null or alt_media_id <> media_id);