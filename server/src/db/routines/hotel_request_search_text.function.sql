-- Made and changed by migrations 0002, 0012. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_request_search_text(r requests)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  service_names text;
BEGIN
  SELECT string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id) INTO service_names
  FROM request_lines l JOIN services s ON s.id = l.service_id WHERE l.request_id = r.id;
  RETURN concat_ws(' ', hotel_request_base_text(r), service_names);
END $function$;
