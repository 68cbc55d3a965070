-- The texts a request and its lines are found by were SQL-language functions. Called
-- from a trigger (each line of each guest request), such a function is not inlined and
-- PostgreSQL parses and plans its sub-selects again on every call: about two thirds of
-- the database's work in inserting a guest request's lines. The same texts, in PL/pgSQL,
-- whose statements are planned once per connection and then reused.
CREATE OR REPLACE FUNCTION hotel_request_base_text(r requests) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  room_number text;
  hotel_names text;
BEGIN
  SELECT number INTO room_number FROM rooms WHERE id = r.room_id;
  SELECT name || ' ' || name_ar INTO hotel_names FROM hotels WHERE id = r.hotel_id;
  RETURN concat_ws(' ', r.request_code, r.cust_name, r.cust_phone, regexp_replace(r.cust_phone, '[^0-9]', '', 'g'), room_number, hotel_names);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hotel_request_search_text(r requests) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  service_names text;
BEGIN
  SELECT string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id) INTO service_names
  FROM request_lines l JOIN services s ON s.id = l.service_id WHERE l.request_id = r.id;
  RETURN concat_ws(' ', hotel_request_base_text(r), service_names);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hotel_line_search_text(l request_lines) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  request_text text;
  service_names text;
BEGIN
  SELECT hotel_request_base_text(r) INTO request_text FROM requests r WHERE r.id = l.request_id;
  SELECT name_en || ' ' || name_ar INTO service_names FROM services WHERE id = l.service_id;
  RETURN concat_ws(' ', request_text, service_names);
END $$;
