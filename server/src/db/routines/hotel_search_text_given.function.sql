-- Made by migration 0013. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_search_text_given()
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(current_setting('hotel.search_text_given', true), '') = 'on'
$function$;
