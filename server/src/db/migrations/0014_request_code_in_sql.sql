-- A guest's request is now stored by one statement (request and lines together, no
-- transaction round trips), so its short code is made in SQL from the sequence number:
-- RQ- and at least six digits (RQ-000123, RQ-1234567).
CREATE OR REPLACE FUNCTION hotel_request_code(seq bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'RQ-' || CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END
$$;
