-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_search_after_rename()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
