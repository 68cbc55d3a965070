-- Made and changed by migrations 0002, 0012. Its definition lives here now: change it in this file.
CREATE OR REPLACE FUNCTION hotel_request_base_text(r requests)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  room_number text;
  hotel_names text;
BEGIN
  SELECT number INTO room_number FROM rooms WHERE id = r.room_id;
  SELECT name || ' ' || name_ar INTO hotel_names FROM hotels WHERE id = r.hotel_id;
  RETURN concat_ws(' ', r.request_code, r.cust_name, r.cust_phone, regexp_replace(r.cust_phone, '[^0-9]', '', 'g'), room_number, hotel_names);
END $function$;
