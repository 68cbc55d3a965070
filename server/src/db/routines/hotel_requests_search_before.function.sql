-- Made and changed by migrations 0002, 0010, 0013. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_requests_search_before()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF hotel_search_text_given() THEN
      RETURN NEW;
    END IF;
    NEW.search_text := concat_ws(' ', hotel_request_base_text(NEW), nullif(NEW.search_text, ''));
  ELSE
    NEW.search_text := hotel_request_search_text(NEW);
  END IF;
  RETURN NEW;
END $function$;
