-- Made by migration 0014. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_request_code(seq bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT 'RQ-' || CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END
$function$;
