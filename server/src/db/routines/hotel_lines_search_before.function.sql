-- Made and changed by migrations 0002, 0013. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_lines_search_before()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' AND hotel_search_text_given() THEN
    RETURN NEW;
  END IF;
  NEW.search_text := hotel_line_search_text(NEW);
  RETURN NEW;
END $function$;
