-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE TRIGGER request_lines_search_after_insert AFTER INSERT ON request_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION hotel_lines_search_after_insert();
