-- Made and changed by migrations 0002, 0008. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_refresh_line_search(ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF ids IS NULL THEN
    UPDATE request_lines l SET search_text = concat_ws(' ', hotel_request_base_text(r), s.name_en || ' ' || s.name_ar)
    FROM requests r, services s
    WHERE r.id = l.request_id AND s.id = l.service_id;
  ELSE
    UPDATE request_lines l SET search_text = concat_ws(' ', hotel_request_base_text(r), s.name_en || ' ' || s.name_ar)
    FROM requests r, services s
    WHERE l.request_id = ANY(ids) AND r.id = l.request_id AND s.id = l.service_id;
  END IF;
END $function$;
