-- List search (issue 12): pg_trgm, a search_text column on requests and lines kept by
-- triggers, and GIN trigram indexes so ILIKE '%…%' is an index lookup.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What a request is found by without its lines: code, guest, phone as typed and as
-- digits, room number, both hotel names.
CREATE FUNCTION hotel_request_base_text(r requests) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', r.request_code, r.cust_name, r.cust_phone, regexp_replace(r.cust_phone, '[^0-9]', '', 'g'),
    (SELECT number FROM rooms WHERE id = r.room_id),
    (SELECT name || ' ' || name_ar FROM hotels WHERE id = r.hotel_id))
$$;--> statement-breakpoint
CREATE FUNCTION hotel_request_search_text(r requests) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', hotel_request_base_text(r),
    (SELECT string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id) FROM request_lines l JOIN services s ON s.id = l.service_id WHERE l.request_id = r.id))
$$;--> statement-breakpoint
CREATE FUNCTION hotel_line_search_text(l request_lines) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', (SELECT hotel_request_base_text(r) FROM requests r WHERE r.id = l.request_id),
    (SELECT name_en || ' ' || name_ar FROM services WHERE id = l.service_id))
$$;--> statement-breakpoint
-- The same texts for many rows at once (NULL: every row), as joins rather than a
-- function call per row: a renamed hotel with 100,000 requests takes seconds, not minutes.
CREATE FUNCTION hotel_refresh_request_search(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE requests r SET search_text = concat_ws(' ', hotel_request_base_text(r), n.names)
  FROM (SELECT l.request_id, string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id) AS names
        FROM request_lines l JOIN services s ON s.id = l.service_id
        WHERE ids IS NULL OR l.request_id = ANY(ids) GROUP BY l.request_id) n
  WHERE n.request_id = r.id;
$$;--> statement-breakpoint
CREATE FUNCTION hotel_refresh_line_search(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE request_lines l SET search_text = concat_ws(' ', hotel_request_base_text(r), s.name_en || ' ' || s.name_ar)
  FROM requests r, services s
  WHERE r.id = l.request_id AND s.id = l.service_id AND (ids IS NULL OR l.request_id = ANY(ids));
$$;--> statement-breakpoint
CREATE FUNCTION hotel_requests_search_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := hotel_request_search_text(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_search_before BEFORE INSERT OR UPDATE OF request_code, cust_name, cust_phone, hotel_id, room_id ON requests
  FOR EACH ROW EXECUTE FUNCTION hotel_requests_search_before();--> statement-breakpoint
CREATE FUNCTION hotel_requests_search_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hotel_refresh_line_search(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_search_after_update AFTER UPDATE OF request_code, cust_name, cust_phone, hotel_id, room_id ON requests
  FOR EACH ROW EXECUTE FUNCTION hotel_requests_search_after_update();--> statement-breakpoint
CREATE FUNCTION hotel_lines_search_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := hotel_line_search_text(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER request_lines_search_before BEFORE INSERT OR UPDATE OF request_id, service_id ON request_lines
  FOR EACH ROW EXECUTE FUNCTION hotel_lines_search_before();--> statement-breakpoint
-- New lines add their service names to their request, once per statement.
CREATE FUNCTION hotel_lines_search_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hotel_refresh_request_search(ARRAY(SELECT DISTINCT request_id FROM new_lines));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER request_lines_search_after_insert AFTER INSERT ON request_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION hotel_lines_search_after_insert();--> statement-breakpoint
-- A renamed room, hotel or service is found by its new name.
CREATE FUNCTION hotel_search_after_rename() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'rooms' THEN
    ids := ARRAY(SELECT id FROM requests WHERE room_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'hotels' THEN
    ids := ARRAY(SELECT id FROM requests WHERE hotel_id = NEW.id);
  ELSE
    ids := ARRAY(SELECT DISTINCT request_id FROM request_lines WHERE service_id = NEW.id);
  END IF;
  PERFORM hotel_refresh_request_search(ids);
  PERFORM hotel_refresh_line_search(ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rooms_search_after_rename AFTER UPDATE OF number ON rooms
  FOR EACH ROW WHEN (OLD.number IS DISTINCT FROM NEW.number) EXECUTE FUNCTION hotel_search_after_rename();--> statement-breakpoint
CREATE TRIGGER hotels_search_after_rename AFTER UPDATE OF name, name_ar ON hotels
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_ar IS DISTINCT FROM NEW.name_ar) EXECUTE FUNCTION hotel_search_after_rename();--> statement-breakpoint
CREATE TRIGGER services_search_after_rename AFTER UPDATE OF name_en, name_ar ON services
  FOR EACH ROW WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar) EXECUTE FUNCTION hotel_search_after_rename();--> statement-breakpoint
-- Requests stored before this migration.
SELECT hotel_refresh_request_search(NULL);--> statement-breakpoint
SELECT hotel_refresh_line_search(NULL);--> statement-breakpoint
CREATE INDEX "request_lines_search_idx" ON "request_lines" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_search_idx" ON "requests" USING gin ("search_text" gin_trgm_ops);
