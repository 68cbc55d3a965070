-- AddRequest wrote every new request twice: INSERT with the text it is found by
-- (without its lines, which did not exist yet), then the lines' statement trigger
-- UPDATEd it to add the service names: a second row version and a second set of
-- entries in every index, the trigram one included (about a third of PostgreSQL's
-- work per guest request). Now the server sends the lines' service names in
-- search_text at INSERT, the row trigger builds the whole text from them, and the
-- lines' trigger rewrites only a text that is not already right (so a request
-- inserted any other way, by SQL or an import, is still corrected).
CREATE OR REPLACE FUNCTION hotel_requests_search_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_text := concat_ws(' ', hotel_request_base_text(NEW), nullif(NEW.search_text, ''));
  ELSE
    NEW.search_text := hotel_request_search_text(NEW);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hotel_refresh_request_search(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    UPDATE requests r SET search_text = concat_ws(' ', hotel_request_base_text(r), n.names)
    FROM (SELECT l.request_id, string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id) AS names
          FROM request_lines l JOIN services s ON s.id = l.service_id GROUP BY l.request_id) n
    WHERE n.request_id = r.id;
  ELSE
    UPDATE requests r SET search_text = t.text
    FROM (SELECT q.id, concat_ws(' ', hotel_request_base_text(q),
            (SELECT string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id)
             FROM request_lines l JOIN services s ON s.id = l.service_id WHERE l.request_id = q.id)) AS text
          FROM requests q
          WHERE q.id = ANY(ids) AND EXISTS (SELECT 1 FROM request_lines l WHERE l.request_id = q.id)) t
    WHERE r.id = t.id AND r.search_text IS DISTINCT FROM t.text;
  END IF;
END $$;
