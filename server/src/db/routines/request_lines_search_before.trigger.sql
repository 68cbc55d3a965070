-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE TRIGGER request_lines_search_before BEFORE INSERT OR UPDATE OF request_id, service_id ON request_lines FOR EACH ROW EXECUTE FUNCTION hotel_lines_search_before();
