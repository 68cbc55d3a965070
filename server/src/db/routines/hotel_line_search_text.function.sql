-- Made and changed by migrations 0002, 0012. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_line_search_text(l request_lines)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  request_text text;
  service_names text;
BEGIN
  SELECT hotel_request_base_text(r) INTO request_text FROM requests r WHERE r.id = l.request_id;
  SELECT name_en || ' ' || name_ar INTO service_names FROM services WHERE id = l.service_id;
  RETURN concat_ws(' ', request_text, service_names);
END $function$;
