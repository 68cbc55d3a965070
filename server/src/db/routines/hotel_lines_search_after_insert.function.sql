-- Made and changed by migrations 0002, 0013. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_lines_search_after_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF hotel_search_text_given() THEN
    RETURN NULL;
  END IF;
  PERFORM hotel_refresh_request_search(ARRAY(SELECT DISTINCT request_id FROM new_lines));
  RETURN NULL;
END $function$;
