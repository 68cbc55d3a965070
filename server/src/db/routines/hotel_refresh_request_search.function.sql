-- Made and changed by migrations 0002, 0008, 0010. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_refresh_request_search(ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF ids IS NULL THEN
    UPDATE requests r SET search_text = concat_ws(' ', hotel_request_base_text(r), n.names)
    FROM (SELECT l.request_id, string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id) AS names
          FROM request_lines l JOIN services s ON s.id = l.service_id GROUP BY l.request_id) n
    WHERE n.request_id = r.id;
  ELSE
    UPDATE requests r SET search_text = t.text
    FROM (SELECT q.id, concat_ws(' ', hotel_request_base_text(q),
            (SELECT string_agg(s.name_en || ' ' || s.name_ar, ' ' ORDER BY l.id)
             FROM request_lines l JOIN services s ON s.id = l.service_id WHERE l.request_id = q.id)) AS text
          FROM requests q
          WHERE q.id = ANY(ids) AND EXISTS (SELECT 1 FROM request_lines l WHERE l.request_id = q.id)) t
    WHERE r.id = t.id AND r.search_text IS DISTINCT FROM t.text;
  END IF;
END $function$;
