-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_requests_search_after_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM hotel_refresh_line_search(ARRAY[NEW.id]);
  RETURN NULL;
END $function$;
