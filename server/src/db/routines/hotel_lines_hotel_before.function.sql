-- Copies the request's hotel onto a new line (request_lines.hotel_id), unless the writer gave it,
-- and again if a line moves to another request: the Services list filters a hotel user's lines
-- on it without reading requests.
CREATE OR REPLACE FUNCTION hotel_lines_hotel_before()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' OR NEW.hotel_id IS NULL THEN
    NEW.hotel_id := (SELECT r.hotel_id FROM requests r WHERE r.id = NEW.request_id);
  END IF;
  RETURN NEW;
END $function$;
